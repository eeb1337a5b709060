import FieldOpsCore
import Foundation
import FuzzSupport
import MCMS

/// The MCMS document readers. The input is a response body: read as MCMS's envelope, and its
/// `data` (or the body itself, and the elements of either when it is a list) read as every
/// document a command reads — ONU-STATE and OLT-STATE, ONU/OLT config (reset plan, config
/// edit, firmware banks and the firmware planner), firmware file lists, alarm lists and the
/// CPE helper's answer — then joined into an inventory and a dashboard. The body is also read
/// as a `firmware-bulk` report (JSON lines) for `--resume`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let body = Data(input.bytes)
    var documents: [JSONValue] = []
    do {
        if let payload = try MCMSEnvelope.data(from: body, source: "GET /v1/onus/states/") {
            documents.append(payload)
        }
    } catch {
        Exercise.render(error)
    }
    _ = MCMSEnvelope.serverMessage(body: body)
    readPage(body)
    if let value = try? JSONValue(parsing: input.bytes) {
        documents.append(value)
    }
    documents += documents.flatMap { $0.arrayValue ?? [] }
    documents = Array(documents.prefix(64))

    for document in documents {
        readState(document)
        readConfig(document)
        readLists(document)
    }
    join(documents)
    resume(input)
    return 0
}

/// A page read straight from the text (as `onu list` reads them) holds what the tree holds.
private func readPage(_ body: Data) {
    guard let read = MCMSEnvelope.readList(body, { (reader) throws(JSONReader.Declined) in try ONURow.read(state: &reader) }) else {
        return
    }
    let documents = (try? MCMSEnvelope.data(from: body, source: "GET /v1/onus/states/"))??.arrayValue
    Invariant.require(documents?.count == read.count, "the reader read a page the tree reads otherwise")
    for (document, fast) in zip(documents ?? [], read) {
        let id = document[MCMSField.id]?.stringValue
        Invariant.require(fast.id == id, "the reader read another _id")
        Invariant.require(fast.item == id.flatMap { _ in ONURow(state: ONUStateDocument(document)) }, "the reader made another row")
    }
}

private func readState(_ document: JSONValue) {
    let onu = ONUStateDocument(document)
    _ = (onu.id, onu.time, onu.onlineTime, onu.uptime?.description, onu.activeBank?.other, onu.bankPointerText)
    _ = (onu.bankVersions, onu.vendor, onu.model, onu.equipmentID, onu.oltMAC, onu.serial, onu.omciVersion)
    _ = (onu.rxOptical, onu.txOptical, onu.fecCorrected, onu.fecUncorrectable, onu.rxRate, onu.txRate)
    _ = (onu.temperature, onu.voltage, onu.bias, onu.bipErrors, onu.ponPort, onu.onuIDOnPort, onu.uniPorts)
    Invariant.require(onu.bankVersions.count == 2, "bankVersions has \(onu.bankVersions.count) elements")

    let olt = OLTStateDocument(document)
    _ = (olt.mac, olt.time, olt.onlineTime, olt.uptime, olt.firmwareVersion, olt.model)
    _ = (olt.rxRate, olt.txRate, olt.temperature, olt.uplinkLink, olt.uplinkSpeed)
    for state in RegistrationState.allCases {
        _ = olt.onuIDs(in: state)
    }
}

private func readConfig(_ document: JSONValue) {
    let banks = FirmwareBanks(config: document)
    Invariant.require(banks.files.count == 2 && banks.versions.count == 2, "firmware banks are not pairs")
    Invariant.require(FirmwareBanks(json: banks.json) == banks, "firmware banks do not survive their report form")

    for section in ["ONU", "OLT"] {
        do {
            let plan = try ResetPlan(deviceID: "ALPH0001", section: section, config: document)
            Invariant.require(plan.newCount == plan.oldCount + 1, "reset plan \(plan.oldCount) → \(plan.newCount)")
            Invariant.require(
                plan.document.value(at: [.key(section), .key("Reset Count")])?.numberValue?.uint64 == plan.newCount,
                "the reset plan's document does not hold the new count")
        } catch {
            Exercise.render(error)
        }
    }

    let edits: [([JSONPathComponent], JSONValue)] = [
        ([.key("ONU"), .key("Name")], "Storgata 12B"),
        ([.key("ONU"), .key("Custom Note")], .null),
        ([.key("VLANs"), .index(0), .key("CVID")], 120),
    ]
    do {
        let edit = try ConfigEdit(deviceID: "ALPH0001", config: document, set: edits)
        for (path, value) in edits {
            Invariant.require(edit.document.value(at: path) == value, "the config edit did not set \(JSONPathComponent.describe(path))")
        }
        if edit.isNoChange {
            Invariant.require(edit.document == document, "a config edit with no change changed the document")
        }
        _ = edit.json
        _ = edit.diff(path: "/v1/onus/configs/ALPH0001/")
    } catch {
        Exercise.render(error)
    }

    let planner = FirmwarePlanner(target: target, serverFiles: serverFiles + FirmwareFile.list(from: document))
    do {
        switch try planner.decide(onuID: "ALPH0001", state: ONUStateDocument(document), config: document) {
        case .write(let plan):
            Invariant.require(plan.targetBank == plan.activeBank.other, "the plan writes the active bank \(plan.activeBank)")
            Invariant.require(
                plan.after.files[plan.activeBank.rawValue] == plan.before.files[plan.activeBank.rawValue]
                    && plan.after.versions[plan.activeBank.rawValue] == plan.before.versions[plan.activeBank.rawValue],
                "the plan changes the active bank \(plan.activeBank)")
        case .skip(let reason, _):
            Invariant.require(!reason.isEmpty, "a skip without a reason")
        case .awaitingBoot(let reason, _, _):
            Invariant.require(!reason.isEmpty, "an ONU awaiting its boot without a reason")
        }
    } catch {
        Exercise.render(error)
    }
}

private func readLists(_ document: JSONValue) {
    for file in FirmwareFile.list(from: document) {
        _ = (file.filename, file.version, file.models)
    }
    let alarms =
        FleetAlarm.alarms(in: document, kind: .onu, names: ["ALPH0001": "Storgata 12B"])
        + FleetAlarm.alarms(in: document, kind: .olt, names: [:])
    let sorted = FleetAlarm.sorted(alarms)
    Invariant.require(sorted.count == alarms.count, "sorting alarms changed their number")
    do {
        _ = try CPEAnswer(document, onuID: "ALPH0001").leases
    } catch {
        Exercise.render(error)
    }
    if let entry = BulkReportEntry(line: document.jsonString()) {
        Invariant.require(BulkReportEntry(line: entry.line) == entry, "a report line does not read back: \(entry.line.prefix(300))")
    }
}

/// `onu list`, `olt list` and `dashboard` over every document as both kinds of state, with
/// names taken from them as config documents.
private func join(_ documents: [JSONValue]) {
    var onuNames: [String: String] = [:]
    var oltNames: [String: String] = [:]
    for document in documents {
        guard let id = document["_id"]?.stringValue else { continue }
        if let name = document["ONU"]?["Name"]?.stringValue { onuNames[id] = name }
        if let name = document["OLT"]?["Name"]?.stringValue { oltNames[id] = name }
    }
    let inventory = Inventory(
        onuStates: documents.map(ONUStateDocument.init), onuNames: onuNames,
        oltStates: documents.map(OLTStateDocument.init), oltNames: oltNames)
    for olt in inventory.olts {
        _ = inventory.onus(olt: olt.mac)
        _ = inventory.onuIDs(underOLT: olt.mac)
        _ = olt.onuTotal
    }
    for state in RegistrationState.allCases {
        _ = inventory.onus(state: state)
    }
    for row in inventory.onus {
        _ = row.hasLowOptical()
    }
    let severities = documents.flatMap { FleetAlarm.alarms(in: $0, kind: .onu, names: [:]) }.map(\.severity)
    let dashboard = Dashboard(inventory: inventory, alarmSeverities: severities)
    Invariant.require(
        dashboard.onuCount == inventory.onus.count && dashboard.alarmTotal == severities.count,
        "the dashboard miscounts")
}

/// `firmware-bulk --resume`: the input as the report of an interrupted run.
private func resume(_ input: FuzzInput) {
    let path = ScratchDirectory.shared.write(input.bytes, to: "report.jsonl")
    do {
        let resume = try BulkResume(contentsOf: path)
        _ = resume.remaining(["ALPH0001", "ALPH0002", "BETA0003"])
        try resume.check(against: target, path: path)
    } catch {
        Exercise.render(error)
    }
}

private let target = FirmwareTarget(file: "ALPH-G2425-R5.0.1.bin", version: "R5.0.1")
private let serverFiles = [
    FirmwareFile(filename: "ALPH-G2425-R5.0.1.bin", version: "R5.0.1", models: ["AP-G2425", "AP-G2426"]),
    FirmwareFile(filename: "BETA-X1-2.3.bin", version: "2.3", models: ["BX-100"]),
]
