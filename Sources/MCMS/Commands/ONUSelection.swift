import FieldOpsCore
import FoundationEssentials

/// The many-ONU selection of `onu reset` and `onu firmware-bulk`: `--ids`, `--ids-from FILE`
/// (- for stdin) or `--olt MAC|NAME`, at most one of them, read by the command's `init` and
/// resolved against the appliance when it runs.
struct ONUSelection: Sendable {
    enum Source: Sendable, Equatable {
        case ids(String)
        case file(String)
        case olt(String)
    }

    static let ids = OptionSpec("ids", valueName: "ID,…", help: "Comma-separated ONU ids.")
    static let idsFrom = OptionSpec("ids-from", value: .file, valueName: "FILE", help: "A file with one ONU id per line (- for stdin).")
    static let choiceError = "choose the ONUs with exactly one of --ids, --ids-from or --olt"

    /// Nil when none of the three was given.
    let source: Source?

    init(_ invocation: Invocation) throws(FieldOpsError) {
        let given: [Source] = [
            invocation.value("ids").map(Source.ids), invocation.value("ids-from").map(Source.file),
            invocation.value("olt").map(Source.olt),
        ].compactMap { $0 }
        guard given.count <= 1 else { throw FieldOpsError.usage(Self.choiceError) }
        source = given.first
    }

    /// The ids, duplicates dropped and order kept; none at all is a usage error.
    func resolve(repository: MCMSRepository, context: CommandContext) async throws -> [String] {
        try await resolveNamed(repository: repository, context: context).ids
    }

    /// The ids, and the words a confirmation names them with: `the 50 ONUs of OLT “OLT
    /// Kirkegata 2” (70:b3:d5:52:31:27)`, `ONUs ALPH0067dba8, ALPH00a1b2c3`, `the 12 ONUs listed in
    /// onus.txt`.
    func resolveNamed(repository: MCMSRepository, context: CommandContext) async throws -> (ids: [String], subject: String) {
        var ids: [String]
        var oltName: (mac: String, name: String)?
        switch source {
        case nil:
            throw FieldOpsError.usage(Self.choiceError)
        case .ids(let list):
            ids = list.split(separator: ",").map { $0.trimmingSpaces() }
        case .file(let path):
            ids = try Self.ids(inFile: path, context: context)
        case .olt(let olt):
            let olts = try await repository.oltNames()
            let mac = try OLTSelector(olt, context: context).resolve(olts: olts)
            oltName = (mac, olts[mac] ?? "")
            ids = try await Self.onuIDs(ofOLT: mac, repository: repository)
        }
        var seen = Set<String>()
        ids = ids.map(DeviceID.onu).filter { !$0.isEmpty && seen.insert($0).inserted }
        guard !ids.isEmpty else { throw FieldOpsError.usage("no ONU ids selected") }
        let all = ids.count == 1 ? "the ONU" : "the \(ids.count) ONUs"
        switch source {
        case .olt:
            let (mac, name) = oltName ?? ("", "")
            return (ids, "\(all) of OLT " + (name.isEmpty ? mac : "“\(name)” (\(mac))"))
        case .file(let path):
            return (ids, "\(all) " + (path == "-" ? "read from stdin" : "listed in \(path)"))
        case .ids, nil:
            let named = ids.prefix(3).joined(separator: ", ") + (ids.count > 3 ? " and \(ids.count - 3) more" : "")
            return (ids, Noun.form(ids.count, "ONU") + " " + named)
        }
    }

    /// The ids of an `--ids-from` file (`-`: stdin), one a line; `#` lines are comments.
    static func ids(inFile path: String, context: CommandContext) throws -> [String] {
        let data: Data
        if path == "-" {
            data = context.stdin.readAll()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw FieldOpsError("cannot read the id file \(path)", hint: "one ONU id per line")
            }
            data = contents
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingSpaces() }
            .filter { !$0.hasPrefix("#") }
    }

    /// Every ONU of an OLT: its registration buckets, plus ONUs whose state names it as parent
    /// but that sit in no bucket.
    static func onuIDs(ofOLT mac: String, repository: MCMSRepository) async throws -> [String] {
        async let olt = repository.oltState(mac)
        let filter = JSONObject([("\(MCMSField.olt).\(MCMSField.macAddress)", .string(mac))])
        async let states = repository.onuStates(projection: MCMSField.idProjection, filter: filter)
        var ids: [String] = []
        let document = try await olt
        for bucket in RegistrationState.bucketed { ids += document.onuIDs(in: bucket) }
        ids += try await states.compactMap(\.id)
        return ids
    }
}
