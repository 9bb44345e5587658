/// FleetServer: `tripterm serve`, a local Fleet Engine–compatible REST server.
/// (Filled by the server issue; see docs/ARCHITECTURE.md.)
public enum FleetServerModule {
    public static let defaultPort = 8787
}
