import AsyncHTTPClient
import FleetModel
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Turns what AsyncHTTPClient and SwiftNIO throw below HTTP into classified ``TripServiceError``s: connection
/// refused and reset, timeouts, DNS and TLS failures, responses that cannot be parsed. All are recoverable, except
/// a backend URL that cannot be used at all, which is a client error.
enum TransportErrorClassifier {
    static func classify(_ error: any Error) -> TripServiceError {
        if let error = error as? TripServiceError { return error }
        if error is CancellationError { return TripServiceError(code: .cancelled, message: "request cancelled") }
        if let failure = transportFailure(error) {
            return TripServiceError(transport: failure, message: message(failure, error))
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .invalidURL, .emptyHost, .emptyScheme:
                return TripServiceError(code: .invalidArgument, message: "the backend URL cannot be used: \(error)")
            case .cancelled:
                return TripServiceError(code: .cancelled, message: "request cancelled")
            default: break
            }
        }
        return TripServiceError(transport: .other, message: "\(TransportFailure.other.rawValue): \(error)")
    }

    private static func message(_ failure: TransportFailure, _ error: any Error) -> String {
        switch failure {
        case .connectionRefused, .connectionReset, .timedOut: failure.rawValue
        default: "\(failure.rawValue): \(error)"
        }
    }

    private static func transportFailure(_ error: any Error) -> TransportFailure? {
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout:
                return .timedOut
            case .remoteConnectionClosed, .bodyLengthMismatch:
                return .connectionReset
            case .tlsHandshakeTimeout:
                return .tlsFailure
            case .invalidProxyResponse, .contentLengthMissing, .identityCodingIncorrectlyPresent:
                return .malformedResponse
            default:
                return nil
            }
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil { return .dnsFailure }
            let failures = error.connectionErrors.compactMap { transportFailure($0.error) }
            if failures.isEmpty { return .dnsFailure }  // no address to try: the name resolved to nothing
            return failures.contains(.connectionRefused) ? .connectionRefused : failures[0]
        case let error as IOError:
            switch error.errnoCode {
            case ECONNREFUSED: return .connectionRefused
            case ECONNRESET, EPIPE, ECONNABORTED: return .connectionReset
            case ETIMEDOUT: return .timedOut
            default: return .other
            }
        case is SocketAddressError, is SocketAddressError.UnknownHost:
            return .dnsFailure
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return .timedOut
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: return .connectionReset
            default: return .other
            }
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            return .tlsFailure
        case is HTTPParserError:
            return .malformedResponse
        default:
            return nil
        }
    }
}
