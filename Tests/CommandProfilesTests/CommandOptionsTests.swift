import CommandProfiles
import Testing

/// A command's options read from swift-argument-parser's help dump, as `--experimental-dump-help` prints it.
@Suite struct CommandOptionsTests {
    @Test func readsFlagsOptionsDefaultsAndChoices() throws {
        let dump = """
            {"serializationVersion": 0, "command": {"commandName": "rider", "arguments": [
              {"kind": "option", "names": [{"kind": "long", "name": "backend"}], "defaultValue": "http://127.0.0.1:8787",
               "isOptional": true, "isRepeating": false, "shouldDisplay": true, "parsingStrategy": "default",
               "abstract": "The REST endpoint."},
              {"kind": "option", "names": [{"kind": "long", "name": "marker"}], "allValues": ["braille", "half"],
               "isOptional": true, "isRepeating": false, "shouldDisplay": true, "parsingStrategy": "default"},
              {"kind": "flag", "names": [{"kind": "short", "name": "a"}, {"kind": "long", "name": "ascii"}],
               "isOptional": true, "isRepeating": false, "shouldDisplay": true, "parsingStrategy": "default"},
              {"kind": "option", "names": [{"kind": "long", "name": "vehicle-type"}], "isOptional": true,
               "isRepeating": true, "shouldDisplay": true, "parsingStrategy": "default"},
              {"kind": "positional", "isOptional": false, "isRepeating": false, "shouldDisplay": true,
               "parsingStrategy": "default", "valueName": "file"}
            ]}}
            """
        let options = try CommandOptions(dump: dump)
        #expect(options.command == "rider")
        #expect(options.options.keys.sorted() == ["ascii", "backend", "marker", "vehicle-type"])
        #expect(
            options.options["backend"]
                == OptionDeclaration(
                    name: "backend", takesValue: true, defaultValue: "http://127.0.0.1:8787", help: "The REST endpoint."
                ))
        #expect(options.options["marker"]?.allowedValues == ["braille", "half"])
        #expect(options.options["ascii"]?.spellings == ["-a", "--ascii"])
        #expect(options.options["ascii"]?.takesValue == false)
        #expect(options.options["vehicle-type"]?.isRepeating == true)
    }
}
