import FieldOpsCore
import Foundation
import Testing

@testable import MCMS

/// The listing's pages read straight from their text (`MCMSEnvelope.readList` with
/// `ONURow.read(state:)` and `MCMSRepository.readName`) against the tree they replace: the same
/// id and the same row for every document, awkward ones included, and every body the tree
/// would report on (a failure, a surprise) declined so that the tree does.
@Suite struct PageReadingTests {
    /// What the tree path makes of a page: each document's string `_id` and its item.
    func treeItems<Item>(_ body: String, _ decode: (JSONValue) -> Item?) throws -> [(id: String?, item: Item?)] {
        let data = try #require(try MCMSEnvelope.data(from: Data(body.utf8), source: "GET test"))
        return try #require(data.arrayValue).map { document in
            document[MCMSField.id]?.stringValue.map { (id: $0, item: decode(document)) } ?? (id: nil, item: nil)
        }
    }

    /// `readList` of ONU states. (An explicit closure: Swift 6.3's SILGen crashes on the
    /// unapplied `ONURow.read(state:)` passed where the test calls it.)
    func readStates(_ body: String) -> [(id: String?, item: ONURow?)]? {
        MCMSEnvelope.readList(Data(body.utf8)) { (reader) throws(JSONReader.Declined) in try ONURow.read(state: &reader) }
    }

    /// A deterministic choice of awkward ONU-STATE documents: every field present, absent, of
    /// another kind or oddly written, in varying key orders, with members fieldops never reads.
    struct States {
        var state: UInt64

        mutating func pick<T>(_ choices: [T]) -> T {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return choices[Int((state >> 33) % UInt64(choices.count))]
        }

        mutating func document(_ index: Int) -> String {
            let stamps = [
                #""2026-06-01 12:00:00.500000""#, #""2026-06-01 12:00:00""#, #""2026-06-01T12:00:00""#, #""2026-02-30 12:00:00""#,
                #""2026-06-01 12:00:00.5""#, #""2026-06-01 12:00:0\u0030""#, "null", "1780000000", #""""#, #""2026-07-01 00:00:00""#,
            ]
            let pointers = ["0", "1", "65535", #""1""#, "1.0", "null", "{}", "[]", "-0", "true", "1e0", #""\u0030""#, "2"]
            let versions = [
                #"["R4.1.0","R4.2.0"]"#, "[]", #"["R4.1.0"]"#, #"["a","b","c"]"#, #"[1,"b"]"#, #""R4""#, "null",
                #"["R4\u002E1","é🎉"]"#, #"[null,"x"]"#, #"[["n"],{"o":1}]"#,
            ]
            let numbers = ["-18.20", "0", "18446744073709551615", "1e3", #""-18.20""#, "null", "-0.000"]
            var onu: [String] = []
            if pick([true, true, false]) { onu.append(#""Online Time":"# + pick(stamps)) }
            if pick([true, true, false]) { onu.append(#""FW Bank Ptr":"# + pick(pointers)) }
            if pick([true, true, false]) { onu.append(#""FW Bank Versions":"# + pick(versions)) }
            if pick([true, true, false]) { onu.append(#""Model":"# + pick([#""AP-G2110""#, "7", #""AP\"G""#, "null"])) }
            if pick([true, false]) { onu.append(#""Vendor":"ALPH","Extra":{"Deep":[1,{"x":"y"}]}"#) }
            var members: [String] = []
            members.append(
                #""_id":"#
                    + pick([
                        "\"ONU\(10_000 + index)\"", "\"ONU\(10_000 + index)\"", "\"\\u004FNU\(10_000 + index)\"", "\(index)", "null",
                    ]))
            if pick([true, true, false]) { members.append(#""Time":"# + pick(stamps)) }
            members.append(#""ONU":"# + pick(["{" + onu.shuffledDeterministically(&self).joined(separator: ",") + "}", "null", #""ONU""#]))
            members.append(
                #""OLT":"#
                    + pick([
                        #"{"MAC Address":"70:b3:d5:52:31:27"}"#, #"{"MAC Address":"70:b3:d5:52:31:2\u0037"}"#, "{}", #"{"MAC Address":7}"#,
                    ]))
            members.append(
                #""STATS":"#
                    + pick([
                        #"{"RX Optical Level":"# + pick(numbers) + #","FEC Uncorrectable":"# + pick(numbers) + "}",
                        #"{"FEC Uncorrectable":"# + pick(numbers) + "}", "[]",
                    ]))
            if pick([true, false]) { members.append(#""UNI-ETH 1":{"Link":"Up"}"#) }
            return "{" + members.shuffledDeterministically(&self).joined(separator: ",") + "}"
        }
    }

    @Test func everyONUStateIsReadAsTheTreeReadsIt() throws {
        var states = States(state: 20_261_205)
        for pageNumber in 0..<40 {
            let documents = (0..<25).map { states.document(pageNumber * 25 + $0) }
            let body = #"{"status":"success","data":["# + documents.joined(separator: ",\n") + "]}"
            let read = try #require(readStates(body), "\(body)")
            let tree = try treeItems(body) { ONURow(state: ONUStateDocument($0)) }
            #expect(read.count == tree.count)
            for (fast, slow) in zip(read, tree) {
                #expect(fast.id == slow.id)
                #expect(fast.item == slow.item, "\(String(describing: fast.item)) against \(String(describing: slow.item))")
            }
        }
    }

    @Test func theFixtureStateIsReadWhole() throws {
        let body = #"{"data":["# + Fixtures.stateText() + #"],"status":"success"}"#
        let read = try #require(readStates(body))
        let row = try #require(read.first?.item)
        #expect(row.id == "ALPHe30cadcf" && row.activeVersion == "R4.1.0" && row.rxOptical?.lexeme == "-18.20")
        #expect(row.uptime?.seconds == 181_800 && row.oltMAC == "70:b3:d5:52:31:27" && row.model == "AP-G2110")
    }

    @Test func configNamesAreReadAsTheTreeReadsThem() throws {
        let documents = [
            #"{"_id":"A1","ONU":{"Name":"Strandvegen 34"}}"#, #"{"_id":"A2","ONU":{}}"#, #"{"_id":"A3"}"#,
            #"{"_id":"A4","ONU":{"Name":7}}"#, #"{"ONU":{"Name":"no id"}}"#, #"{"_id":"A5","ONU":{"Name":"Å \"q\"\n"}}"#,
            #"{"ONU":{"Name":"last"},"_id":"A6","OLT":{"Name":"not this"}}"#, #"{"_id":"A7","ONU":"Name"}"#, "[1]", "null",
        ]
        let body = #"{"status":"success","data":["# + documents.joined(separator: ",") + "]}"
        let read = try #require(MCMSEnvelope.readList(Data(body.utf8), MCMSRepository.readName(section: MCMSField.onu)))
        let tree = try treeItems(body, MCMSRepository.decodeName(section: MCMSField.onu))
        #expect(read.map(\.id) == tree.map(\.id))
        #expect(read.map { $0.item?.name } == tree.map { $0.item?.name })
        #expect(read.compactMap { $0.item?.name } == ["Strandvegen 34", "", "", "", "Å \"q\"\n", "last", ""])
    }

    @Test func everyAnswerTheTreeReportsOnIsDeclined() {
        let declined = [
            #"{"status":"fail","data":[],"details":{"message":"invalid id"}}"#,
            #"{"data":[]}"#,
            #"{"status":1,"data":[]}"#,
            #"{"status":"success"}"#,
            #"{"status":"success","data":{"_id":"x"}}"#,
            #"{"status":"success","data":[],"data":[]}"#,
            #"{"st\u0061tus":"success","data":[]}"#,
            #"{"status":"success","data":[{"_id":"x"}"#,
            #"[{"status":"success","data":[]}]"#,
            "<html>502 Bad Gateway</html>",
            #"{"status":"success","data":[{"_id":"a","_id":"b"}]}"#,
            #"{"status":"success","data":[{"_id":"a","ONU":{"Model":"x","Model":"y"}}]}"#,
        ]
        for body in declined {
            #expect(readStates(body) == nil, "\(body)")
        }
        let accepted = [#"{"status":"success","data":[]}"#, #"{"data":[],"status":"success","details":{"x":[1,2]}}"#]
        for body in accepted {
            #expect(readStates(body)?.isEmpty == true, "\(body)")
        }
    }
}

extension Array {
    /// The elements in an order drawn from `states` (the same every run).
    fileprivate func shuffledDeterministically(_ states: inout PageReadingTests.States) -> [Element] {
        var elements = self
        for index in elements.indices.reversed() where index > 0 {
            elements.swapAt(index, states.pick([Int](0...index)))
        }
        return elements
    }
}
