/// The version `tripterm --version` prints and recordings carry in their header.
enum TriptermVersion {
    static let current = "0.1.0"
}
