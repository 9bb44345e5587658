import Testing

@testable import ProtoJSONKit

@Suite struct TimestampDurationTests {
    @Test(
        arguments: [
            ("2025-01-01T00:00:00Z", 1_735_689_600, 0, "2025-01-01T00:00:00Z"),
            ("2025-01-01T00:00:00.5Z", 1_735_689_600, 500_000_000, "2025-01-01T00:00:00.500Z"),
            ("2025-02-05T17:22:11.081409Z", 1_738_776_131, 81_409_000, "2025-02-05T17:22:11.081409Z"),
            ("2025-02-05T17:22:11.123456789Z", 1_738_776_131, 123_456_789, "2025-02-05T17:22:11.123456789Z"),
            ("2025-02-05T17:22:11.1234567Z", 1_738_776_131, 123_456_700, "2025-02-05T17:22:11.123456700Z"),
            ("2025-01-01T01:30:00+01:30", 1_735_689_600, 0, "2025-01-01T00:00:00Z"),
            ("2024-12-31T23:00:00-01:00", 1_735_689_600, 0, "2025-01-01T00:00:00Z"),
            ("1970-01-01T00:00:00Z", 0, 0, "1970-01-01T00:00:00Z"),
            ("1969-12-31T23:59:59.999999999Z", -1, 999_999_999, "1969-12-31T23:59:59.999999999Z"),
            ("0001-01-01T00:00:00Z", -62_135_596_800, 0, "0001-01-01T00:00:00Z"),
            ("9999-12-31T23:59:59.999999999Z", 253_402_300_799, 999_999_999, "9999-12-31T23:59:59.999999999Z"),
            ("2024-02-29T12:00:00z", 1_709_208_000, 0, "2024-02-29T12:00:00Z"),
        ] as [(String, Int64, Int32, String)])
    func timestampsParseToTheNanosecondAndPrintWithThreeSixOrNineDigits(
        text: String, seconds: Int64, nanos: Int32, printed: String
    ) throws {
        let t = try ProtoTimestamp(rfc3339: text)
        #expect(t.seconds == seconds)
        #expect(t.nanos == nanos)
        #expect(t.rfc3339 == printed)
    }

    @Test(arguments: [
        "2025-01-01", "2025-01-01T00:00:00", "2025-13-01T00:00:00Z", "2025-02-30T00:00:00Z", "2025-01-01T24:00:00Z",
        "2025-01-01T00:00:00.Z", "2025-01-01T00:00:00.1234567890Z", "2025-01-01T00:00:00+0100", "2025-01-01T00:00:00Z ",
        "10000-01-01T00:00:00Z", "", "yesterday",
    ])
    func malformedTimestampsAreRejected(text: String) {
        #expect(throws: ProtoValueError.self) { try ProtoTimestamp(rfc3339: text) }
    }

    /// Parsing many timestamps with one remembered day gives exactly what parsing each alone gives — values and
    /// reasons for failure — whether the date is the remembered one, another, or a bad one.
    @Test func aRememberedDayChangesNoResult() {
        let texts = [
            "2025-01-01T00:00:00Z", "2025-01-01T23:59:59.999999999Z", "2025-01-01T01:30:00+01:30",
            "2025-01-01T00:00:00-23:59", "2025-01-01t12:00:00z", "2025-01-01T24:00:00Z", "2025-01-01T12:60:00Z",
            "2025-01-01T12:00:00.Z", "2025-01-01T12:00:00.1234567890Z", "2025-01-01T12:00:00", "2025-01-01T12:00:00Z ",
            "2025-01-01", "2025-01-01 12:00:00Z", "2025-01-02T00:00:00Z", "2025-01-01T00:00:01Z",
            "2025-13-01T00:00:00Z",
            "2025-01-01T00:00:02Z", "2024-02-29T12:00:00Z", "2024-02-29T13:00:00Z", "2025-02-29T12:00:00Z",
            "0001-01-01T00:00:00Z", "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59Z", "9999-12-31T23:59:59-00:01",
            "",
        ]
        var day: RFC3339Day?
        for text in texts + texts.reversed() {
            var bytes = Array(text.utf8)
            let remembered = bytes.withUnsafeMutableBufferPointer {
                ProtoTimestamp.parseRFC3339(UnsafeBufferPointer($0), lastDay: &day)
            }
            let alone = bytes.withUnsafeMutableBufferPointer { ProtoTimestamp.parseRFC3339(UnsafeBufferPointer($0)) }
            #expect(remembered == alone, "\(text)")
        }
    }

    @Test func timestampArithmetic() throws {
        let t = try ProtoTimestamp(rfc3339: "2025-01-01T00:00:00.900Z")
        #expect((t + .milliseconds(200)).rfc3339 == "2025-01-01T00:00:01.100Z")
        #expect((t + .milliseconds(-1000)).rfc3339 == "2024-12-31T23:59:59.900Z")
        #expect(try ProtoTimestamp(rfc3339: "2025-01-01T00:01:00Z") - t == .milliseconds(59_100))
        #expect(t < t + .nanoseconds(1))
    }

    @Test(
        arguments: [
            ("12.500s", 12, 500_000_000, "12.500s"),
            ("53.076652s", 53, 76_652_000, "53.076652s"),
            ("0s", 0, 0, "0s"),
            ("1s", 1, 0, "1s"),
            ("-1.5s", -1, -500_000_000, "-1.500s"),
            ("-0.000000001s", 0, -1, "-0.000000001s"),
            (".5s", 0, 500_000_000, "0.500s"),
            ("315576000000s", 315_576_000_000, 0, "315576000000s"),
        ] as [(String, Int64, Int32, String)])
    func durationsParseAndPrintAsProtobufDoes(text: String, seconds: Int64, nanos: Int32, printed: String) throws {
        let d = try ProtoDuration(protoText: text)
        #expect(d.seconds == seconds)
        #expect(d.nanos == nanos)
        #expect(d.protoText == printed)
    }

    /// The UTC fields HTTP dates are read and written with (RFC 9110's example, a day before 1970, a leap day),
    /// and the carry-over of a day past the month's end and of a leap second, as `Calendar` does.
    @Test func utcFieldsAreTheCalendarsWithoutIt() {
        func fields(_ t: ProtoTimestamp) -> [Int] {
            let f = t.utcFields
            return [f.year, f.month, f.day, f.hour, f.minute, f.second, f.weekday]
        }
        let example = ProtoTimestamp(utcYear: 1994, month: 11, day: 6, hour: 8, minute: 49, second: 37)
        #expect(example.seconds == 784_111_777)
        #expect(fields(example) == [1994, 11, 6, 8, 49, 37, 0])
        #expect(fields(ProtoTimestamp(seconds: -1, nanos: 999_999_999)) == [1969, 12, 31, 23, 59, 59, 3])
        #expect(fields(ProtoTimestamp(seconds: 1_709_208_000)) == [2024, 2, 29, 12, 0, 0, 4])
        #expect(
            ProtoTimestamp(utcYear: 2025, month: 2, day: 30, hour: 23, minute: 59, second: 60)
                == ProtoTimestamp(utcYear: 2025, month: 3, day: 3, hour: 0, minute: 0, second: 0))
    }

    @Test(arguments: ["12", "12.5", "s", "1.2.3s", "1.1234567891s", "315576000001s", "+1s", "1 s", ""])
    func malformedDurationsAreRejected(text: String) {
        #expect(throws: ProtoValueError.self) { try ProtoDuration(protoText: text) }
    }

    @Test func durationsConvertToAndFromSwiftDurations() {
        #expect(ProtoDuration(.milliseconds(-1500)) == ProtoDuration(seconds: -1, nanos: -500_000_000))
        #expect(ProtoDuration(seconds: 2, nanos: 250_000_000).duration == .milliseconds(2250))
        #expect(ProtoDuration(.seconds(90)).protoText == "90s")
    }
}
