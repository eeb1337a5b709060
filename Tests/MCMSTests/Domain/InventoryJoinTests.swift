import FieldOpsCore
import Testing

@testable import MCMS

@Suite struct InventoryJoinTests {
    let macA = "70:b3:d5:00:00:0a"
    let macB = "70:b3:d5:00:00:0b"

    func olt(
        _ mac: String, registered: [String] = [], dyingGasp: [String] = [], time: String = "2026-06-01 12:00:00",
        link: String = "Up"
    ) throws -> OLTStateDocument {
        func list(_ ids: [String]) -> String { "[" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
        return OLTStateDocument(
            try JSONValue(
                parsing: """
                    {"_id":"\(mac)","Time":"\(time)","OLT":{"Online Time":"2026-05-01 12:00:00"},\
                    "ONU States":{"Registered":\(list(registered)),"Unprovisioned":[],"Deregistered":[],"Disabled":[],\
                    "Dying Gasp":\(list(dyingGasp))},"STATS":{"RX Rate bps":1000000000,"TX Rate bps":250000000},\
                    "Environment":{"Temperature C":41.50},"Uplink":{"Link":"\(link)","Speed":"10G"}}
                    """))
    }

    func onuState(_ id: String, olt: String) throws -> ONUStateDocument {
        ONUStateDocument(try JSONValue(parsing: Fixtures.stateText(id: id, olt: olt)))
    }

    @Test func registrationComesFromOLTBucketsNotTheONUState() throws {
        let inventory = Inventory(
            onuStates: [try onuState("ONU1", olt: macA), try onuState("ONU2", olt: macA)],
            onuNames: ["ONU1": "Storgata 1", "ONU2": "Sjøgata 2"],
            oltStates: [try olt(macA, registered: ["ONU1"], dyingGasp: ["ONU2"])],
            oltNames: [macA: "OLT Sentral"])
        let rows = Dictionary(uniqueKeysWithValues: inventory.onus.map { ($0.id, $0) })
        #expect(rows["ONU1"]?.registration == .registered)
        #expect(rows["ONU2"]?.registration == .dyingGasp)
        #expect(rows["ONU1"]?.oltName == "OLT Sentral")
        #expect(rows["ONU1"]?.name == "Storgata 1")
    }

    @Test func anONUInNoBucketIsUnknown() throws {
        let inventory = Inventory(
            onuStates: [try onuState("LOST", olt: macA)], onuNames: [:],
            oltStates: [try olt(macA)], oltNames: [:])
        #expect(inventory.onus.first?.registration == .unknown)
        #expect(inventory.onus.first?.oltMAC == macA)
    }

    @Test func anONUWithoutStateStillGetsARowFromItsConfigAndBucket() throws {
        let inventory = Inventory(
            onuStates: [], onuNames: ["NOSTATE": "Kirkegata 3"],
            oltStates: [try olt(macB, registered: ["NOSTATE"])], oltNames: [macB: "B"])
        let row = try #require(inventory.onus.first)
        #expect(row.registration == .registered)
        #expect(row.oltMAC == macB)
        #expect(row.hasState == false)
        #expect(row.activeVersion == nil)
    }

    @Test func activeFirmwareFollowsTheStatePointer() throws {
        let one = ONUStateDocument(try JSONValue(parsing: Fixtures.stateText(id: "P1", pointer: "1")))
        let odd = ONUStateDocument(try JSONValue(parsing: Fixtures.stateText(id: "P65535", pointer: "65535")))
        let inventory = Inventory(onuStates: [one, odd], onuNames: [:], oltStates: [], oltNames: [:])
        let rows = Dictionary(uniqueKeysWithValues: inventory.onus.map { ($0.id, $0) })
        #expect(rows["P1"]?.activeVersion == "R4.2.0")
        #expect(rows["P1"]?.activeBank == .one)
        #expect(rows["P65535"]?.activeBank == nil)
        #expect(rows["P65535"]?.unusablePointer == "65535")
        #expect(InventoryRendering.firmwareLabel(try #require(rows["P65535"])) == "? [ptr 65535]")
    }

    @Test func filtersByOLTMacOrNameAndByState() throws {
        let inventory = Inventory(
            onuStates: [try onuState("A1", olt: macA), try onuState("B1", olt: macB)], onuNames: [:],
            oltStates: [try olt(macA, registered: ["A1"]), try olt(macB, dyingGasp: ["B1"])],
            oltNames: [macA: "North", macB: "South"])
        #expect(inventory.onus(olt: macA.uppercased()).map(\.id) == ["A1"])
        #expect(inventory.onus(olt: "South").map(\.id) == ["B1"])
        #expect(inventory.onus(state: .dyingGasp).map(\.id) == ["B1"])
        #expect(inventory.onus(olt: macA, state: .dyingGasp).isEmpty)
    }

    @Test func oltRowsCountEveryBucketAndListSilentOLTs() throws {
        let inventory = Inventory(
            onuStates: [], onuNames: [:],
            oltStates: [try olt(macA, registered: ["x", "y"], dyingGasp: ["z"])],
            oltNames: [macA: "North", macB: "Silent"])
        let north = try #require(inventory.olts.first { $0.mac == macA })
        #expect(north.counts[.registered] == 2 && north.counts[.dyingGasp] == 1 && north.counts[.disabled] == 0)
        #expect(north.uptime?.description == "31d 0h")
        let silent = try #require(inventory.olts.first { $0.mac == macB })
        #expect(silent.hasState == false)
    }

    // MARK: Dashboard

    @Test func dashboardCountsHealth() throws {
        let weak = ONUStateDocument(
            try JSONValue(parsing: Fixtures.stateText(id: "WEAK").replacingOccurrences(of: "-18.20", with: "-27.90")))
        let inventory = Inventory(
            onuStates: [weak, try onuState("OK", olt: macA)], onuNames: [:],
            oltStates: [
                try olt(macA, registered: ["OK", "WEAK"]),
                try olt(macB, time: "2026-06-01 11:00:00"),
                try olt("70:b3:d5:00:00:0c", link: "Down"),
            ],
            oltNames: [:])
        let dashboard = Dashboard(inventory: inventory, alarmSeverities: ["MAJOR", "CRITICAL", "MAJOR"])
        #expect(dashboard.onuCount == 2 && dashboard.oltCount == 3)
        #expect(dashboard.registration[.registered] == 2)
        #expect(dashboard.lowOpticalONUs == ["WEAK"])
        #expect(Set(dashboard.offlineOLTs) == [macB, "70:b3:d5:00:00:0c"])
        #expect(dashboard.alarmsBySeverity == ["MAJOR": 2, "CRITICAL": 1])
        #expect(dashboard.totalRxBps == 3e9)
        let text = InventoryRendering.dashboardView(dashboard).render(format: .table)
        #expect(text.contains("CRITICAL 1, MAJOR 2"))
        #expect(text.contains("3 Gb/s"))
    }

    /// Every way an ONU's row can name its OLT: the OLT listing it in a bucket, another OLT its
    /// state names (known or not), none; and an ONU two OLTs list keeps the first.
    @Test func theOLTOfARowIsTheOneItsStateNamesElseTheOneListingIt() throws {
        let noMAC = ONUStateDocument(try JSONValue(parsing: #"{"_id":"ONU5","ONU":{"FW Bank Ptr":0}}"#))
        let states = [
            try onuState("ONU1", olt: macA),  // listed by A, names A
            try onuState("ONU2", olt: macB),  // listed by A, names B
            try onuState("ONU3", olt: "70:b3:d5:00:00:ff"),  // listed by A, names an OLT nobody knows
            try onuState("ONU4", olt: macB),  // listed by nobody, names B
            noMAC,  // listed by A, names none
            try onuState("ONU6", olt: macB),  // listed by B and by A: B (first) wins
        ]
        let join = ONUJoin(
            oltStates: [try olt(macB, dyingGasp: ["ONU6"]), try olt(macA, registered: ["ONU1", "ONU2", "ONU3", "ONU5", "ONU6"])],
            oltNames: [macA: "OLT A", macB: "OLT B"])
        var rows: [String: ONURow] = [:]
        for state in states {
            var row = try #require(ONURow(state: state))
            join.complete(&row, name: "n")
            rows[row.id] = row
        }
        func joined(_ id: String) -> [String?] { [rows[id]?.oltMAC, rows[id]?.oltName, rows[id]?.registration.word] }
        #expect(joined("ONU1") == [macA, "OLT A", "registered"])
        #expect(joined("ONU2") == [macB, "OLT B", "registered"])
        #expect(joined("ONU3") == ["70:b3:d5:00:00:ff", nil, "registered"])
        #expect(joined("ONU4") == [macB, "OLT B", "unknown"])
        #expect(joined("ONU5") == [macA, "OLT A", "registered"])
        #expect(joined("ONU6") == [macB, "OLT B", "dying-gasp"])
        // Config-only rows: the listing OLT, or nothing.
        let listed = join.row(id: "ONU1", name: "x")
        #expect([listed.oltMAC, listed.oltName, listed.registration.word] == [macA, "OLT A", "registered"])
        let unlisted = join.row(id: "ONU9", name: "x")
        #expect([unlisted.oltMAC, unlisted.oltName, unlisted.registration.word] == [nil, nil, "unknown"])
    }
}
