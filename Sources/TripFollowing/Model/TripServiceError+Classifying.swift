import FleetModel

extension TripServiceError {
    /// Any error a backend throws, as a classified failure: a ``TripServiceError`` stays as it is, a name error is
    /// INVALID_ARGUMENT, a cancellation CANCELLED, and anything unexpected UNKNOWN (recoverable: retrying is all
    /// the model can do about it).
    public static func classifying(_ error: any Error) -> TripServiceError {
        switch error {
        case let e as TripServiceError: e
        case let e as NameError: TripServiceError(invalidName: e)
        case is CancellationError: TripServiceError(code: .cancelled, message: "request cancelled")
        default: TripServiceError(code: .unknown, message: "\(error)")
        }
    }
}
