import CommandProfiles
import Testing

/// `tripterm config`'s table: one row per key, split by command only where the commands differ.
@Suite struct SettingsTableTests {
    @Test func commandsThatAgreeShareARow() throws {
        let file = "[profiles.w]\nbackend = \"https://fe.example\"\n"
        let environment = ["TRIPTERM_PROFILE": "w"]
        let applications = try [ProfileFixtures.fleet, ProfileFixtures.driver].map { command in
            (
                command: command.command,
                application: try ProfileFixtures.apply([], to: command, file: file, environment: environment)
            )
        }
        let table = SettingsTable(applications, order: ProfileFixtures.catalogue.keys)
        let rows = Dictionary(uniqueKeysWithValues: table.rows.map { ($0.key, [$0.value, $0.origin]) })
        #expect(rows["backend"] == ["https://fe.example", "profile w, line 2"])
        #expect(rows["interval"] == ["5.0 (fleet); 10.0 (driver)", "default"])
        #expect(table.rows.first { $0.key == "provider" }?.value == "-")
        let lines = table.text.split(separator: "\n")
        #expect(lines.count == 4 && lines[1].hasPrefix("provider      -  "), "\(table.text)")
    }
}
