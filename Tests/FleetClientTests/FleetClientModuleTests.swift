import FleetClient
import Testing

@Test func apiRootIsV1() { #expect(FleetClientModule.apiRoot == "v1") }
