/// FleetClient: one Fleet Engine REST client for trips and vehicles, with the token providers.
/// (Filled by the server/client issue; see docs/ARCHITECTURE.md.)
public enum FleetClientModule {
    public static let apiRoot = "v1"
}
