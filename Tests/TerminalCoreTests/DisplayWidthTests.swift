import Testing

@testable import TerminalCore

@Suite struct DisplayWidthTests {
    @Test func asciiLatinBrailleArrowsAndBoxLinesAreOneColumn() {
        for text in ["a", "é", "e\u{301}", "⣿", "▲", "→", "─", "●", "✔", "⚠", "…", "°", "Ω", "Ж"] {
            #expect(Character(text).displayWidth == 1, "\(text)")
        }
    }

    @Test func eastAsianWideAndFullWidthAreTwoColumns() {
        for text in ["本", "東", "한", "カ", "Ａ", "、", "𠀋"] {
            #expect(Character(text).displayWidth == 2, "\(text)")
        }
        #expect(Character("ｱ").displayWidth == 1)  // half-width katakana
    }

    @Test func emojiShownAsEmojiAreTwoColumns() {
        for text in ["🚕", "😀", "⌚", "❤\u{FE0F}", "🇯🇵", "👨\u{200D}👩\u{200D}👧", "#\u{FE0F}\u{20E3}"] {
            #expect(Character(text).displayWidth == 2, "\(text)")
        }
        #expect(Character("❤").displayWidth == 1)  // text presentation by default
        #expect(Character("⌚\u{FE0E}").displayWidth == 1)  // text presentation asked for
    }

    @Test func stringsAddTheirGraphemes() {
        #expect("trip-東京-1".displayWidth == 11)
        #expect("".displayWidth == 0)
    }

    @Test func fittingCutsByColumnsAndNeverHalvesAGlyph() {
        #expect("東京タワー".fitted(to: 10) == "東京タワー")
        #expect("東京タワー".fitted(to: 9) == "東京タワ…")
        #expect("東京タワー".fitted(to: 6) == "東京…")
        #expect("東京タワー".fitted(to: 6, ascii: true) == "東京~")
        #expect("a東京".fitted(to: 4) == "a東…")
        #expect("a東京".padded(to: 6) == "a東京 ")
        #expect("東京".padded(to: 3) == "東…")
        #expect("東京".prefix(columns: 3) == "東")
    }

    @Test func asciiSpellingKeepsColumns() {
        #expect("a→b — c".asciiSafe == "a>b - c")
        #expect("東京 ⣿".asciiSafe == "???? ?")
        #expect("東京".asciiSafe.displayWidth == "東京".displayWidth)
    }

    @Test func theWideTableIsSortedAndDisjoint() {
        for (a, b) in zip(WideCharacters.ranges, WideCharacters.ranges.dropFirst()) {
            #expect(a.upperBound < b.lowerBound, "\(a) \(b)")
        }
    }
}
