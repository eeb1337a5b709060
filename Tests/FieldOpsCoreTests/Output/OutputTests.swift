import FieldOpsCore
import Foundation
import Testing

/// The one place every command writes through: what each form writes, and that an output error
/// is kept for the dispatcher instead of cutting the command short.
@Suite struct OutputTests {
    struct Item: Encodable {
        var id: Int
        var name: String
    }

    func output(_ kind: StructuredOutput.Kind, fields: [String]? = nil, quiet: Bool = false) -> (Output, CapturedStream, CapturedStream) {
        let stdout = CapturedStream()
        let stderr = CapturedStream()
        let terminal = TerminalInfo.detect(stdout: stdout, environment: [:], noColorFlag: true)
        let output = Output(
            stdout: stdout, stderr: stderr, terminal: terminal, structured: StructuredOutput(kind: kind, fields: fields),
            quiet: quiet)
        return (output, stdout, stderr)
    }

    @Test func jsonIsSortedIndentedAndEndsWithOneNewline() throws {
        let (encoded, encodedOut, _) = output(.json)
        try encoded.emitJSON([Item(id: 1, name: "a/b")])
        #expect(encodedOut.text == "[\n  {\n    \"id\" : 1,\n    \"name\" : \"a/b\"\n  }\n]\n")
        let (lossless, losslessOut, _) = output(.json)
        lossless.emit(json: try JSONValue(parsing: Data(#"{"z":1.50,"a":18446744073709551615}"#.utf8)))
        #expect(losslessOut.text.hasSuffix("}\n") && !losslessOut.text.hasSuffix("\n\n"))
        #expect(losslessOut.text.contains("1.50") && losslessOut.text.contains("18446744073709551615"))
        #expect(losslessOut.text.firstRange(of: "\"z\"")!.lowerBound < losslessOut.text.firstRange(of: "\"a\"")!.lowerBound)
    }

    @Test func anUnknownFieldIsKeptForTheDispatcherAndNothingIsWritten() throws {
        let writes: [(Output) throws -> Void] = [
            { try $0.emitJSON([Item(id: 1, name: "a")]) },
            { $0.emit(json: .array([.object(JSONObject([("id", .string("1"))]))])) },
        ]
        for write in writes {
            let (output, stdout, _) = output(.csv, fields: ["nope"])
            try write(output)
            #expect(stdout.text.isEmpty)
            let error = try #require(output.deferredError as? any UserFacingError)
            #expect(error.summary.contains("nope"), "\(error.summary)")
            #expect(error.exitCode == .usage)
        }
    }

    @Test func csvOfAListingWithItsFieldsInTheirOrder() throws {
        let (output, stdout, _) = output(.csv, fields: ["name", "id"])
        try output.emitJSON([Item(id: 1, name: "x, y"), Item(id: 2, name: "z")])
        #expect(stdout.text == "name,id\r\n\"x, y\",1\r\nz,2\r\n")
        #expect(output.deferredError == nil)
    }

    @Test func quietSilencesNotesAndEmptyListingsButNeverWarnings() {
        let (loud, _, loudErr) = output(.table)
        loud.note("n")
        loud.sayEmpty("no widgets")
        loud.warn("w")
        #expect(loudErr.text == "n\nno widgets\nfieldops: warning: w\n")
        let (quiet, _, quietErr) = output(.table, quiet: true)
        quiet.note("n")
        quiet.sayEmpty("no widgets")
        quiet.warn("w")
        #expect(quietErr.text == "fieldops: warning: w\n")
        // Piped (plain) output says nothing of an empty listing: a script reads an empty result.
        let (piped, _, pipedErr) = output(.plain)
        piped.sayEmpty("no widgets")
        #expect(pipedErr.text.isEmpty)
    }
}
