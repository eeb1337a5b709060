import Testing

@testable import FieldOpsCore

/// The terminal's one status line: whatever else is printed, from any task, appears on a line of
/// its own above it, and the status comes back below.
@Suite struct StatusLineTests {
    /// What a terminal would show for `raw`: carriage return and erase-line applied.
    static func screen(_ raw: String) -> [String] {
        var lines: [String] = [""]
        var scalars = Array(raw.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\r": lines[lines.count - 1] = ""  // every \r here is followed by an erase
            case "\n": lines.append("")
            case "\u{1B}":
                // ESC [ 2 K
                while let next = scalars.popFirst(), !(next.properties.isAlphabetic) {}
            default: lines[lines.count - 1].unicodeScalars.append(scalar)
            }
        }
        return lines
    }

    @Test func aNoteDuringAProgressBarGetsALineOfItsOwn() {
        let stderr = CapturedStream(isTerminal: true)
        let bar = ProgressBar(label: "firmware R4.3.1", total: 3, stream: stderr, terminalWidth: 80)
        bar.advance()
        stderr.line("ONU ALPH00fdfeae: verified on R4.3.1 (bank 1)")
        bar.advance()
        stderr.line("ONU ALPH06839eb9 “Sjøgata 5”: verified")
        bar.advance()
        bar.finish()
        let lines = Self.screen(stderr.text)
        #expect(lines == ["ONU ALPH00fdfeae: verified on R4.3.1 (bank 1)", "ONU ALPH06839eb9 “Sjøgata 5”: verified", ""], "\(lines)")
        #expect(stderr.text.contains("3/3"), "the bar was drawn")
    }

    @Test func aListingsLineIsErasedBeforeTheVerifiersNote() async {
        let stderr = CapturedStream(isTerminal: true)
        let status = try! #require(stderr.statusLine)
        let listing = status.owner()
        status.show("listing: 1 page, 1 document", by: listing, width: 80)
        stderr.line("ONU ALPHa1: verified")
        let lines = Self.screen(stderr.text)
        // The status is drawn again under the note until its owner clears it.
        #expect(lines == ["ONU ALPHa1: verified", "listing: 1 page, 1 document"], "\(lines)")
        status.clear(by: listing)
        #expect(Self.screen(stderr.text).last == "")
    }

    @Test func anOpenLineHoldsTheStatusBackUntilItEnds() {
        let stderr = CapturedStream(isTerminal: true)
        let status = try! #require(stderr.statusLine)
        let owner = status.owner()
        stderr.write("continue with the remaining 11 ONUs? [y/N] ")
        status.show("canary: verifying 5 ONUs…", by: owner, width: 80)
        #expect(!stderr.text.contains("canary"), "not drawn over the question")
        stderr.write("y\n")
        #expect(Self.screen(stderr.text) == ["continue with the remaining 11 ONUs? [y/N] y", "canary: verifying 5 ONUs…"])
    }

    @Test func oneOwnerDoesNotEraseAnothersStatus() {
        let stderr = CapturedStream(isTerminal: true)
        let status = try! #require(stderr.statusLine)
        let (first, second) = (status.owner(), status.owner())
        status.show("listing: 2 pages", by: first, width: 80)
        status.show("verifying ALPHa1…", by: second, width: 80)
        status.clear(by: first)
        #expect(Self.screen(stderr.text).last == "verifying ALPHa1…")
    }

    @Test func theStatusIsCutToTheTerminal() {
        let stderr = CapturedStream(isTerminal: true)
        let status = try! #require(stderr.statusLine)
        status.show(String(repeating: "Ålesundsvegen 東京 ", count: 10), by: status.owner(), width: 40)
        #expect(Self.screen(stderr.text).last!.displayWidth < 40)
    }

    @Test func nothingIsDrawnOffATerminal() {
        let stderr = CapturedStream(isTerminal: false)
        #expect(stderr.statusLine == nil)
        let bar = ProgressBar(label: "sync", total: 2, stream: stderr)
        bar.advance()
        bar.advance()
        bar.finish()
        #expect(stderr.text.isEmpty)
    }

    @Test(
        arguments: [
            ([0x1B, 0x5B, 0x41], ScrollKey.lineUp), ([0x1B, 0x4F, 0x42], .lineDown), ([0x1B, 0x5B, 0x35, 0x7E], .pageUp),
            ([0x1B, 0x5B, 0x36, 0x7E], .pageDown), ([0x1B, 0x5B, 0x48], .home), ([0x1B, 0x5B, 0x31, 0x7E], .home),
            ([0x1B, 0x5B, 0x46], .end), ([0x1B, 0x5B, 0x34, 0x7E], .end), ([0x6A], .lineDown), ([0x6B], .lineUp), ([0x20], .pageDown),
            ([0x71], .quit),
        ] as [([UInt8], ScrollKey)])
    func keysOfEveryTerminalAreRead(bytes: [UInt8], key: ScrollKey) {
        var rest = bytes.dropFirst()[...]
        #expect(ScrollKey.decode(first: bytes[0]) { rest.popFirst() } == key)
    }

    @Test func aLoneEscapeOrAnUnknownSequenceIsNoKey() {
        #expect(ScrollKey.decode(first: 0x1B) { nil } == nil)
        var rest: ArraySlice<UInt8> = [0x5B, 0x32, 0x30, 0x7E]
        #expect(ScrollKey.decode(first: 0x1B) { rest.popFirst() } == nil)
        #expect(ScrollKey.decode(first: UInt8(ascii: "x")) { nil } == nil)
    }

    @Test func scrollingStaysWithinTheText() {
        var position = ScrollPosition()
        let movedUp = position.apply(.lineUp, total: 41, visible: 21)
        #expect(!movedUp)
        let movedDown = position.apply(.pageDown, total: 41, visible: 21)
        #expect(movedDown)
        #expect(position.top == 20)
        #expect(position.status(total: 41, visible: 21) == "lines 21–41 of 41")
        position.apply(.pageDown, total: 41, visible: 21)
        #expect(position.top == 20, "the last page ends at the last line")
        position.apply(.home, total: 41, visible: 21)
        #expect(position.top == 0)
        position.apply(.end, total: 41, visible: 21)
        position.clamp(total: 10, visible: 21)
        #expect(position.top == 0, "a shorter frame scrolls back")
    }
}
