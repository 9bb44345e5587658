import Foundation
import Testing

@testable import TerminalUI

/// `docs/keys.md` is what people read before they press `?`: every key the screens bind must be listed there, with
/// the same help text, so the page cannot fall behind the table the event loop uses.
@Suite struct KeysDocTests {
    static let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/keys.md")

    @Test(arguments: [TripScreenKind.replay, .rider])
    func everyBindingIsDocumented(kind: TripScreenKind) throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        for entry in KeyBindings(kind: kind).entries {
            #expect(
                text.contains("| `\(entry.keys)` | \(entry.help) |"), "docs/keys.md lacks \(entry.keys): \(entry.help)")
        }
    }

    @Test func everyFleetBindingIsDocumented() throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        for entry in FleetKeyBindings.entries(replay: true) {
            #expect(
                text.contains("| `\(entry.keys)` | \(entry.help) |"), "docs/keys.md lacks \(entry.keys): \(entry.help)")
        }
    }

    @Test func everyShipmentBindingIsDocumented() throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        for entry in ShipmentKeyBindings.entries {
            #expect(
                text.contains("| `\(entry.keys)` | \(entry.help) |"), "docs/keys.md lacks \(entry.keys): \(entry.help)")
        }
    }

    @Test func theDemosSwitchKeyIsDocumented() throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        let entries = KeyBindings(kind: .rider, switchTarget: "driver console").entries
        let tab = try #require(entries.first { $0.keys == "Tab" })
        #expect(text.contains("| `Tab` | \(tab.help) |"))
    }
}
