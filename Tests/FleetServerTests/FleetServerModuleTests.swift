import FleetServer
import Testing

@Test func defaultPortIs8787() { #expect(FleetServerModule.defaultPort == 8787) }
