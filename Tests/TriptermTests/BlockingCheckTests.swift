import TestSupport
import Testing

/// The check that keeps blocking calls off Swift's cooperative pool (docs/TESTING.md): a blocking helper called
/// inside a task records an issue; on a thread of its own it does not.
@Suite struct BlockingCheckTests {
    @Test func aBlockingCallInsideATaskIsAnIssue() async {
        withKnownIssue("the check fires on a cooperative thread") {
            assertNotOnCooperativePool("a test of the check")
        }
    }

    @Test func aBlockingCallOnItsOwnThreadIsFine() async throws {
        let inTask = try await onOwnThread {
            assertNotOnCooperativePool("a test of the check")
            return withUnsafeCurrentTask { $0 != nil }
        }
        #expect(!inTask)
    }
}
