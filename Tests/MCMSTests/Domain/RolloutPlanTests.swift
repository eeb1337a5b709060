import FieldOpsCore
import Testing

@testable import MCMS

/// Rollout planning with no network: waves, their order over OLTs, the options' rules, and
/// how one look at an ONU is judged while verifying.
@Suite struct RolloutPlanTests {
    func items(_ count: Int, olts: Int = 8) -> [RolloutPlan.Item] {
        (0..<count).map { RolloutPlan.Item(id: "ONU\($0)", olt: "olt\($0 % olts)", group: .upgrade, reason: "") }
    }

    // MARK: Waves

    @Test func wavesAreCumulativeSharesOfTheONUsToUpgrade() {
        let plan = RolloutPlan(items: items(1000), canary: 0, shares: [0.01, 0.1, 1])
        #expect(plan.waves.map(\.items.count) == [10, 90, 900])
        #expect(plan.waves.map(\.number) == [1, 2, 3])
        let canary = RolloutPlan(items: items(1000), canary: 5, shares: [0.01, 0.1, 1])
        #expect(canary.waves.map(\.items.count) == [5, 5, 90, 900])
        #expect(canary.waves.first?.name == "canary")
        // A share smaller than the canary adds no empty wave.
        let small = RolloutPlan(items: items(17), canary: 2, shares: [0.1, 0.5, 1])
        #expect(small.waves.map(\.items.count) == [2, 7, 8])
        #expect(Set(small.waves.flatMap(\.items).map(\.id)).count == 17)
    }

    @Test func olTsTakeTurnsWithinTheOrder() {
        let plan = RolloutPlan(items: items(16, olts: 4), canary: 0, shares: [0.25, 1])
        #expect(Set(plan.waves[0].items.compactMap(\.olt)).count == 4, "the first wave touches every PON once")
    }

    @Test func skippedONUsAreNotInAnyWave() {
        var list = items(4)
        list[1].group = .incompatible
        list[2].group = .offline
        let plan = RolloutPlan(items: list, canary: 0, shares: [1])
        #expect(plan.toUpgrade == 2)
        #expect(plan.splitText == "2 to upgrade, 1 incompatible, 1 offline")
    }

    @Test func aResumeKeepsTheRecordedWaves() {
        let plan = RolloutPlan(items: items(6), recordedWaves: [(0, ["ONU5"]), (1, ["ONU0", "ONU1", "ONU9"]), (2, ["ONU2"])])
        #expect(plan.waves.map(\.number) == [0, 1, 2, 3])
        #expect(plan.waves.map { $0.items.map(\.id) } == [["ONU5"], ["ONU0", "ONU1"], ["ONU2"], ["ONU3", "ONU4"]])
    }

    // MARK: Options

    @Test func optionsParseAndRefuseNonsense() throws {
        #expect(try RolloutOptions.waves("1%,10%,50%,100%") == [0.01, 0.1, 0.5, 1])
        #expect(throws: FieldOpsError.self) { try RolloutOptions.waves("10%,5%,100%") }
        #expect(throws: FieldOpsError.self) { try RolloutOptions.waves("10%,50%") }
        #expect(throws: FieldOpsError.self) { try RolloutOptions.waves("abc") }
        #expect(try RolloutOptions.failureLimit("3") == .count(3))
        #expect(try RolloutOptions.failureLimit("2%").threshold(of: 1000) == 20)
        #expect(try RolloutOptions.failureLimit("0.1%").threshold(of: 10) == 1)
        #expect(throws: FieldOpsError.self) { try RolloutOptions.failureLimit("0") }
        #expect(throws: FieldOpsError.self) { try RolloutOptions.failureLimit("150%") }
        #expect(try RolloutOptions.rate("30/min") == 30)
        #expect(try RolloutOptions.rate("2/s") == 120)
        #expect(throws: FieldOpsError.self) { try RolloutOptions.rate("-1/min") }
        #expect(throws: FieldOpsError.self) {
            try RolloutOptions(Invocation(values: ["soak": ["10m"]]))
        }
    }

    @Test func rateGateSpacesStarts() {
        var gate = RateGate(perMinute: 60)
        #expect(gate.reserve() == nil)
        let wait = gate.reserve()
        #expect(wait != nil && wait! > .milliseconds(900))
        var open = RateGate(perMinute: nil)
        #expect(open.reserve() == nil && open.reserve() == nil)
    }

    // MARK: Judging one look

    func state(pointer: Int, versions: String, online: String = "2026-06-01 10:00:00", upgrade: String? = nil) throws -> ONUStateDocument {
        let block = upgrade.map { #","FW Upgrade":\#($0)"# } ?? ""
        return ONUStateDocument(
            try JSONValue(
                parsing:
                    #"{"_id":"A","ONU":{"Online Time":"\#(online)","FW Bank Ptr":\#(pointer),"FW Bank Versions":\#(versions)\#(block)}}"#))
    }

    let target = ActivationTarget(onuID: "A", bank: .one, version: "R4.3.1", fromBank: .zero, onlineTimeBefore: "2026-06-01 10:00:00")

    @Test func theOldBankRightAfterTheWriteIsNotYetAFallBack() throws {
        var check = ActivationCheck(target: target)
        #expect(
            check.look(state: try state(pointer: 0, versions: #"["R4.1.0","R4.3.1"]"#), registration: .registered)
                == .waiting("registered on bank 0"))
        #expect(
            check.look(state: try state(pointer: 0, versions: #"["R4.1.0","R4.3.1"]"#), registration: .deregistered)
                == .waiting("deregistered"))
        // A state read just before it came back, beside buckets read just after: not yet.
        #expect(
            check.look(state: try state(pointer: 0, versions: #"["R4.1.0","R4.3.1"]"#), registration: .registered)
                == .waiting("registered on bank 0"))
        #expect(
            check.look(state: try state(pointer: 0, versions: #"["R4.1.0","R4.3.1"]"#), registration: .registered)
                == .fellBack(version: "R4.1.0"), "back on the old bank on two looks after leaving Registered")
    }

    @Test func aStateReadBeforeTheBootEndedBesideBucketsReadAfterIsNoFallBack() throws {
        var check = ActivationCheck(target: target)
        _ = check.look(state: try state(pointer: 0, versions: #"["R4.1.0","R4.3.1"]"#), registration: .deregistered)
        // Same Online Time as before the write: this state predates the reboot.
        #expect(
            check.look(
                state: try state(pointer: 0, versions: #"["R4.1.0","R4.3.1"]"#, upgrade: #"{"Status":"activating","Progress":99}"#),
                registration: .registered) == .waiting("registered on bank 0, activating 99%"))
        #expect(
            check.look(
                state: try state(pointer: 1, versions: #"["R4.1.0","R4.3.1"]"#, online: "2026-06-01 10:00:07"),
                registration: .registered) == .verified)
    }

    @Test func aNewOnlineTimeOrAFailedBlockShowsTheRebootToo() throws {
        var byTime = ActivationCheck(target: target)
        #expect(
            byTime.look(
                state: try state(pointer: 0, versions: #"["R4.1.0","R4.3.1"]"#, online: "2026-06-01 10:05:00"), registration: .registered)
                == .fellBack(version: "R4.1.0"))
        var byBlock = ActivationCheck(target: target)
        let failed = #"{"Status":"failed","Progress":100,"Failure":"bad image"}"#
        #expect(
            byBlock.look(state: try state(pointer: 0, versions: #"["R4.1.0","R4.3.1"]"#, upgrade: failed), registration: .registered)
                == .fellBack(version: "R4.1.0"))
    }

    @Test func verifiedNeedsTheBankTheVersionAndRegistration() throws {
        var check = ActivationCheck(target: target)
        let booted = try state(pointer: 1, versions: #"["R4.1.0","R4.3.1"]"#, upgrade: #"{"Status":"activating","Progress":80}"#)
        #expect(check.look(state: booted, registration: .deregistered) == .waiting("deregistered, activating 80%"))
        #expect(
            check.look(state: try state(pointer: 1, versions: #"["R4.1.0","R4.2.0"]"#), registration: .registered)
                == .waiting("registered on bank 1"))
        #expect(check.look(state: booted, registration: .registered) == .verified)
        #expect(check.look(state: nil, registration: .unknown) == .waiting("no ONU state"))
    }

    // MARK: Report lines

    @Test func reportLinesCarryTheRolloutFieldsAndReadBack() throws {
        var entry = BulkReportEntry(
            id: "A", outcome: .failed, reason: "fell back to R4.1.0",
            target: FirmwareTarget(file: "f.bin", version: "R4.3.1"), wave: 2)
        entry.verify = "fell-back"
        entry.backAfter = 6.04
        entry.rolledBack = true
        #expect(entry.line.contains(#""wave":2,"verify":"fell-back","back_after_s":6.0,"rolled_back":true"#), "\(entry.line)")
        #expect(BulkReportEntry(line: entry.line) == BulkReportEntry(line: BulkReportEntry(line: entry.line)!.line))
        #expect(BulkReportEntry(line: entry.line)?.failedAfterWrite == true)
        let read = RolloutReportFile(
            text: #"{"rollout":{"file":"f.bin","version":"R4.3.1","waves":[{"wave":1,"name":"wave 1","ids":["A","B"]}]}}"#
                + "\n" + entry.line + "\n" + #"{"id":"B","outco"#)
        #expect(read.unreadableLines == 1)
        #expect(
            read.waveStatus == [
                RolloutReportFile.WaveStatus(number: 1, name: "wave 1", total: 2, done: 0, failed: 1, inFlight: 0, notStarted: 1)
            ])
        #expect(!read.finished)
    }
}
