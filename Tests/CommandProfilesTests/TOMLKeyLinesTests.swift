import Testing

@testable import CommandProfiles

/// The line of each key, found beside TOMLKit (which keeps none), through the TOML a person writes.
@Suite struct TOMLKeyLinesTests {
    @Test func headersAndKeys() {
        let lines = TOMLKeyLines(
            """
            default-profile = "a"   # the default
            [profiles.work]
              backend = "x"
            "quoted key" = 1
            [ profiles . "odd.name" ]
            site.zone = 'q'
            """)
        #expect(lines.line(of: ["default-profile"]) == 1)
        #expect(lines.line(of: ["profiles", "work"]) == 2)
        #expect(lines.line(of: ["profiles", "work", "backend"]) == 3)
        #expect(lines.line(of: ["profiles", "work", "quoted key"]) == 4)
        #expect(lines.line(of: ["profiles", "odd.name"]) == 5)
        #expect(lines.line(of: ["profiles", "odd.name", "site"]) == 6)
        #expect(lines.line(of: ["profiles", "odd.name", "site", "zone"]) == 6)
    }

    @Test func valuesOverSeveralLinesHoldNoKeys() {
        let lines = TOMLKeyLines(
            """
            [profiles.w]
            token-command = \"\"\"
            fake = "not a key"
            \"\"\"
            list = [
              "a", # fake = 2
              "]",
            ]
            literal = '''
            x = 1 '''
            after = true
            """)
        #expect(lines.line(of: ["profiles", "w", "fake"]) == 1, "the table's line: no such key")
        #expect(lines.line(of: ["profiles", "w", "list"]) == 5)
        #expect(lines.line(of: ["profiles", "w", "x"]) == 1)
        #expect(lines.line(of: ["profiles", "w", "after"]) == 11)
    }

    @Test func crlfLinesAndInlineTables() {
        let lines = TOMLKeyLines("[profiles.w]\r\nmap = { a = 1 }\r\nascii = true\r\n")
        #expect(lines.line(of: ["profiles", "w", "ascii"]) == 3)
        #expect(lines.line(of: ["profiles", "w", "map", "a"]) == 2, "inside an inline table: the key's line")
        #expect(lines.line(of: ["nowhere"]) == nil)
    }
}
