/// A timestamp's UTC calendar fields, by arithmetic: `Calendar` and `TimeZone` would do the same, but their first use
/// loads ICU and its data, about 4 MB resident for the life of a rider that reads one HTTP date a poll
/// (docs/PERFORMANCE.md, "The rider at rest").
extension ProtoTimestamp {
    /// The instant of a proleptic Gregorian date (month 1–12) and time of day in UTC. Days past the month's end and
    /// seconds past 59 carry over, as they do through `Calendar`.
    public init(utcYear year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let days = Int64(daysFromCivil(year: year, month: month, day: day))
        self.init(seconds: days * 86_400 + Int64(hour * 3600 + minute * 60 + second))
    }

    /// The UTC date, time of day and weekday (0 Sunday … 6 Saturday), the fraction of a second dropped.
    public var utcFields: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int) {
        let days = seconds.floorDiv(86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civilFromDays(Int(days))
        // 1970-01-01 was a Thursday.
        let weekday = Int((days + 4) - (days + 4).floorDiv(7) * 7)
        return (year, month, day, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60, weekday)
    }
}
