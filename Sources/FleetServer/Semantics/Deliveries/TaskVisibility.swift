import FleetModel

/// The server-wide visibility of a tracking info element a task's `taskTrackingViewConfig` gives no rule —
/// Fleet Engine's project-level default, here `serve --task-visibility` — spelt as one of the options a rule can
/// be: `always`, `never`, `stops:N` (shown when at most N stops remain), `meters:N` (at most N driving metres) or
/// `eta:D` (the arrival at most D away: `90s`, `10m`, `1h`).
public enum TaskVisibility {
    public static func parse(_ text: String) throws(FleetError) -> TaskTrackingViewConfig.VisibilityOption {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let option: TaskTrackingViewConfig.VisibilityOption.VisibilityOption?
        switch (parts.first, parts.count > 1 ? parts[1] : nil) {
        case ("always", nil): option = .always(true)
        case ("never", nil): option = .never(true)
        case ("stops", let n?): option = Int32(n).flatMap { $0 >= 0 ? .remainingStopCountThreshold($0) : nil }
        case ("meters", let n?):
            option = Int32(n).flatMap { $0 >= 0 ? .remainingDrivingDistanceMetersThreshold($0) : nil }
        case ("eta", let d?):
            option = seconds(d).map { .durationUntilEstimatedArrivalTimeThreshold(ProtoDuration(seconds: $0)) }
        default: option = nil
        }
        guard let option else {
            throw .invalidArgument(
                "task visibility \"\(text)\" is not always, never, stops:N, meters:N or eta:DURATION (90s, 10m, 1h)")
        }
        return TaskTrackingViewConfig.VisibilityOption(visibilityOption: option)
    }

    private static func seconds(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600]
        guard let unit = text.last, let factor = units[unit], let value = Int64(text.dropLast()), value >= 0 else {
            return nil
        }
        return value * factor
    }
}
