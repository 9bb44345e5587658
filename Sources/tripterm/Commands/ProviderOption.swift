import ArgumentParser

/// `--provider`, declared once for the commands that name a provider apart from a resource: its project id, or the
/// `providers/{project}` form that resource names and `tripterm fleet`'s status bar use.
struct ProviderOption: ParsableArguments {
    @Option(
        help: ArgumentHelp("The provider: its Google Cloud project id.", valueName: "project|providers/{project}"))
    var provider: String

    /// The project id, or a failure naming `--provider`.
    func project() throws(CommandFailure) -> String {
        let project = provider.hasPrefix("providers/") ? String(provider.dropFirst("providers/".count)) : provider
        guard !project.isEmpty, !project.contains("/") else {
            throw CommandFailure("--provider: expected a project id or providers/{project}, not '\(provider)'")
        }
        return project
    }
}
