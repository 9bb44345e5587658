import FleetModel
import Foundation
import Testing
import TrackFormats

/// Which XML documents are given to Foundation's XMLParser (libxml2) at all.
@Suite struct XMLDeclaredEncodingTests {
    @Test(arguments: [
        #"<?xml version="1.0" encoding="UTF-8"?><gpx/>"#,
        #"<?xml version="1.0" encoding='utf-8' ?><gpx/>"#,
        #"<?xml version="1.0" encoding = "US-ASCII"?><gpx/>"#,
        #"<?xml version="1.0" encoding="ISO-8859-1"?><gpx/>"#,
        #"<?xml version="1.0"?><gpx/>"#,
        "<gpx/>",
        "",
    ])
    func readable(_ text: String) {
        #expect(XMLDeclaredEncoding.refusal(Data(text.utf8)) == nil)
    }

    @Test func aUTF8ByteOrderMarkIsRead() {
        #expect(
            XMLDeclaredEncoding.refusal(
                Data([0xEF, 0xBB, 0xBF] + Array(#"<?xml version="1.0" encoding="UTF-8"?><gpx/>"#.utf8))) == nil)
    }

    @Test(arguments: ["UTF-7", "utf-16", "EBCDIC-US", "Shift_JIS", ""])
    func otherDeclaredEncodingsAreRefused(_ encoding: String) {
        let refusal = XMLDeclaredEncoding.refusal(Data(#"<?xml version="1.0" encoding="\#(encoding)"?><gpx/>"#.utf8))
        #expect(
            refusal
                == "the XML declaration names encoding \"\(encoding)\": only UTF-8 (or ASCII, ISO-8859-1) XML is read")
    }

    /// Found by the `gpx` fuzzer under ASan (2026-11-28): a declaration that never ends in `?>` still switched
    /// libxml2 to UTF-7 (SEGV in `xmlSwitchToEncoding`), and so must be read; likewise one padded past 512 bytes.
    @Test(arguments: [
        #"<?xml version="1.0" encoding="UTF-7"?,>"#, #"<?xml version="1.0" encoding="UTF-7""#,
        #"<?xml version="1.0""# + String(repeating: " ", count: 600) + #"encoding="UTF-7"?>"#,
    ])
    func anEncodingInAMalformedOrLongDeclarationIsRead(_ start: String) {
        let refusal = XMLDeclaredEncoding.refusal(Data((start + "\n<gpx>\n</gpx>\n").utf8))
        #expect(refusal?.hasPrefix(#"the XML declaration names encoding "UTF-7""#) == true)
    }

    @Test(arguments: [
        [0xFF, 0xFE, 0x3C, 0x00], [0xFE, 0xFF, 0x00, 0x3C], [0x3C, 0x00, 0x3F, 0x00], [0x00, 0x00, 0xFE, 0xFF],
    ])
    func utf16AndUTF32AreRefused(_ start: [UInt8]) {
        #expect(XMLDeclaredEncoding.refusal(Data(start + Array("rest".utf8)))?.hasPrefix("not UTF-8") == true)
    }
}
