import MapRendering
import Testing

@testable import TerminalUI

extension NcursesTests {
    @Suite struct Input {
        /// Reads events until one is missing for 300 ms.
        static func drain(_ terminal: NcursesTerminal) -> [TerminalEvent] {
            var events: [TerminalEvent] = []
            while let event = terminal.readEvent(timeout: .milliseconds(300)) { events.append(event) }
            return events
        }

        @Test func keysAreDecodedFromWhatXtermSends() throws {
            let input = InputPipe()
            try withOffscreen(input: input.readEnd) { terminal in
                // xterm-256color's terminfo strings (keypad transmit mode): kcuu1 \EOA, kf1 \EOP, kpp \E[5~…
                input.send("qé⠿\u{0C}\u{03}\u{1A}\r\t\u{7F}")
                input.send("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD\u{1B}[5~\u{1B}[6~")
                input.send("\u{1B}OH\u{1B}OF\u{1B}OP\u{1B}[Z\u{1B}[3~")
                let expected: [Key] = [
                    .character("q"), .character("é"), .character("⠿"), .ctrl("l"), .ctrl("c"), .ctrl("z"), .enter,
                    .tab, .backspace, .up, .down, .right, .left, .pageUp, .pageDown, .home, .end, .function(1),
                    .backTab, .delete,
                ]
                #expect(Self.drain(terminal) == expected.map { .key($0) })
            }
        }

        /// What tmux, screen, the Linux console and rxvt send for Home, End and the arrows, which xterm-256color's
        /// entry spells otherwise: `TERM=xterm-256color` inside tmux is common, and each used to read as Esc and
        /// three characters.
        @Test func keysAreDecodedFromWhatOtherTerminalsSendUnderXtermsName() throws {
            let input = InputPipe()
            try withOffscreen(input: input.readEnd) { terminal in
                input.send("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[H\u{1B}[F")
                input.send("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D")
                let expected: [Key] = [.home, .end, .home, .end, .home, .end, .up, .down, .right, .left]
                #expect(Self.drain(terminal) == expected.map { .key($0) })
            }
        }

        /// rxvt's entry names tmux's Home and End Find and Select; its own Home and End keep their meaning.
        @Test func rxvtsFindAndSelectAreHomeAndEnd() throws {
            let input = InputPipe()
            try withOffscreen(type: "rxvt-unicode", input: input.readEnd) { terminal in
                input.send("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}OH")
                let expected: [Key] = [.home, .end, .home, .end, .home]
                #expect(Self.drain(terminal) == expected.map { .key($0) })
            }
        }

        @Test func aLoneEscapeArrivesAfterTheShortEscapeDelay() throws {
            let input = InputPipe()
            try withOffscreen(input: input.readEnd) { terminal in
                input.send("\u{1B}")
                let clock = ContinuousClock()
                let started = clock.now
                #expect(terminal.readEvent(timeout: .seconds(2)) == .key(.escape))
                #expect(started.duration(to: clock.now) < .milliseconds(900))  // ncurses' default: 1000 ms
            }
        }

        @Test func timeoutsReturnNilOnTime() throws {
            let input = InputPipe()
            try withOffscreen(input: input.readEnd) { terminal in
                let clock = ContinuousClock()
                let started = clock.now
                #expect(terminal.readEvent(timeout: .milliseconds(150)) == nil)
                let waited = started.duration(to: clock.now)
                #expect(waited >= .milliseconds(140) && waited < .seconds(1))
                #expect(terminal.readEvent(timeout: .zero) == nil)
            }
        }

        @Test func mouseWheelPressDragAndRelease() throws {
            let input = InputPipe()
            try withOffscreen(input: input.readEnd) { terminal in
                // SGR (1006) reports: button;column;row, 1-based; M press or motion, m release.
                input.send("\u{1B}[<64;10;4M\u{1B}[<65;10;4M")
                input.send("\u{1B}[<0;5;3M\u{1B}[<32;6;3M\u{1B}[<32;7;4M\u{1B}[<0;7;4m")
                input.send("\u{1B}[<2;1;1M\u{1B}[<2;1;1m")
                #expect(
                    Self.drain(terminal) == [
                        .mouse(MouseEvent(.wheelUp, x: 9, y: 3)), .mouse(MouseEvent(.wheelDown, x: 9, y: 3)),
                        .mouse(MouseEvent(.press(.left), x: 4, y: 2)), .mouse(MouseEvent(.drag(.left), x: 5, y: 2)),
                        .mouse(MouseEvent(.drag(.left), x: 6, y: 3)), .mouse(MouseEvent(.release(.left), x: 6, y: 3)),
                        .mouse(MouseEvent(.press(.right), x: 0, y: 0)),
                        .mouse(MouseEvent(.release(.right), x: 0, y: 0)),
                    ])
            }
        }
    }
}

@Suite struct KeyDecodingTests {
    @Test func controlBytesHaveNames() {
        #expect(Key.fromCharacterCode(1) == .ctrl("a"))
        #expect(Key.fromCharacterCode(12) == .ctrl("l"))
        #expect(Key.fromCharacterCode(3) == .ctrl("c"))
        #expect(Key.fromCharacterCode(26) == .ctrl("z"))
        #expect(Key.fromCharacterCode(8) == .backspace)
        #expect(Key.fromCharacterCode(127) == .backspace)
        #expect(Key.fromCharacterCode(10) == .enter)
        #expect(Key.fromCharacterCode(27) == .escape)
        #expect(Key.fromCharacterCode(0) == .ctrl("@"))
        #expect(Key.fromCharacterCode(0x20) == .character(" "))
        #expect(Key.fromCharacterCode(0x28FF) == .character("⣿"))
        #expect(Key.fromCharacterCode(0xD800) == nil)
    }
}
