import FieldOpsCore
import FoundationEssentials

/// "Someone is on it": a silence says that alarms matching it are known, who knows and until
/// when. Silenced alarms are still listed and counted, apart (`3 critical (1 silenced)`); what
/// would notify or run a hook skips them.
///
/// A silence matches by device (an ONU id or an OLT MAC), by OLT (`--olt`: the OLT and every ONU
/// the local device cache places under it), by alarm name (`--alarm "Loss of Signal"`), or by
/// several of them at once (all must match). It is active from `startsAt` until `endsAt`, or
/// until someone ended it early.
public struct Silence: Sendable, Equatable {
    public var id: String
    public var device: String?
    public var olt: String?
    public var alarm: String?
    public var author: String
    public var comment: String
    public var profile: String
    public var createdAt: Int64
    public var startsAt: Int64
    public var endsAt: Int64
    public var endedAt: Int64?
    public var endedBy: String?

    public func isActive(at now: Int64) -> Bool {
        startsAt <= now && now < (endedAt.map { min($0, endsAt) } ?? endsAt)
    }

    /// True when `alarm` is covered; `oltOf` places an ONU under its OLT (the device cache).
    public func matches(_ alarm: FleetAlarm, oltOf: (String) -> String?) -> Bool {
        if let device, alarm.deviceID.lowercased() != device.lowercased() { return false }
        if let olt {
            let parent = alarm.kind == .olt ? alarm.deviceID : oltOf(alarm.deviceID)
            guard parent?.lowercased() == olt.lowercased() else { return false }
        }
        if let name = self.alarm, alarm.name.lowercased() != name.lowercased() { return false }
        return device != nil || olt != nil || self.alarm != nil
    }

    /// `ONU ALPH0067dba8`, `OLT 70:b3:… and its ONUs`, `“Loss of Signal”`, joined.
    public var target: String {
        var parts: [String] = []
        if let device { parts.append(device.contains(":") ? "OLT \(device)" : "ONU \(device)") }
        if let olt { parts.append("OLT \(olt) and its ONUs") }
        if let alarm { parts.append("“\(alarm)”") }
        return parts.joined(separator: ", ")
    }

    var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func time(_ value: Int64?) -> JSONValue { value.map { .string(Timestamp.isoUTCKeepingMilliseconds($0)) } ?? .null }
        return .object([
            "id": .string(id), "device": text(device), "olt": text(olt), "alarm": text(alarm), "author": .string(author),
            "comment": .string(comment), "profile": .string(profile), "created_at": time(createdAt), "starts_at": time(startsAt),
            "ends_at": time(endsAt), "ended_at": time(endedAt), "ended_by": text(endedBy),
        ])
    }

    init?(json: JSONValue) {
        func time(_ key: String) -> Int64? { json[key]?.stringValue.flatMap { Timestamp.milliseconds($0) } }
        guard let id = json["id"]?.stringValue, !id.isEmpty, let createdAt = time("created_at"), let startsAt = time("starts_at"),
            let endsAt = time("ends_at")
        else { return nil }
        self.id = id
        device = json["device"]?.stringValue
        olt = json["olt"]?.stringValue
        alarm = json["alarm"]?.stringValue
        author = json["author"]?.stringValue ?? ""
        comment = json["comment"]?.stringValue ?? ""
        profile = json["profile"]?.stringValue ?? ""
        self.createdAt = createdAt
        self.startsAt = startsAt
        self.endsAt = endsAt
        endedAt = time("ended_at")
        endedBy = json["ended_by"]?.stringValue
    }

    public init(
        id: String, device: String?, olt: String?, alarm: String?, author: String, comment: String, profile: String, createdAt: Int64,
        startsAt: Int64, endsAt: Int64
    ) {
        self.id = id
        self.device = device
        self.olt = olt
        self.alarm = alarm
        self.author = author
        self.comment = comment
        self.profile = profile
        self.createdAt = createdAt
        self.startsAt = startsAt
        self.endsAt = endsAt
    }
}

/// The silences of a profile, in a JSON file several engineers may share (`silences_file:` in
/// the profile, else `$XDG_DATA_HOME/fieldops/PROFILE/silences.json`).
///
/// Every change is made under an exclusive lock on `FILE.lock`, on the file as it is then (read
/// again under the lock, so a silence another engineer added meanwhile is kept: the silences are
/// merged by id), and written atomically (a temporary file renamed over it), so a reader sees
/// the old list or the new one. Silences that ended more than 30 days ago are dropped.
public struct SilenceFile: Sendable {
    public static let profileKey = "silences_file"
    static let kept: Int64 = 30 * HistoryStore.day
    static let limit = 16 << 20

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The profile's file: `silences_file:` (`~/` is the home; a relative path is relative to
    /// the file that defines the profile), else the default.
    static func of(_ profile: Profile, context: CommandContext) -> SilenceFile {
        guard let configured = profile.string(profileKey), !configured.isEmpty else {
            return SilenceFile(path: context.paths.dataDirectory(for: profile.name) + "/silences.json")
        }
        if configured.hasPrefix("~/") { return SilenceFile(path: context.paths.home + configured.dropFirst()) }
        if configured.hasPrefix("/") { return SilenceFile(path: configured) }
        let base = PathText.parent(of: profile.file ?? context.paths.configFile)
        return SilenceFile(path: (base.isEmpty ? "." : base) + "/" + configured)
    }

    /// Who silences: the login the keyring holds for the profile, else its `username:`, else the
    /// account's name.
    static func author(_ profile: Profile, context: CommandContext) -> String {
        (try? MCMSSessionStore(keyring: try context.keyring(), profile: profile.name).user()) ?? nil ?? profile.username
            ?? context.environment["USER"] ?? "unknown"
    }

    /// Every silence in the file (none when it does not exist).
    public func load() throws -> [Silence] {
        let bytes: [UInt8]
        do {
            guard let read = try LocalFile.readIfExists(path, limit: Self.limit) else { return [] }
            bytes = read
        } catch let error as SystemCallError {
            throw FieldOpsError("cannot read the silences file \(path): \(error.reason)", hint: "check its owner and mode")
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: Data(bytes))
        } catch {
            throw FieldOpsError(
                "the silences file \(path) is not JSON: \(error)",
                hint: "fix it or move it aside; fieldops writes {\"silences\": [...]}")
        }
        return (document["silences"]?.arrayValue ?? []).compactMap(Silence.init(json:))
    }

    /// Applies `change` to the silences as they are now, under the lock, and writes the result.
    @discardableResult
    public func update<T>(now: Int64, _ change: (inout [Silence]) throws -> T) throws -> T {
        let directory = PathText.parent(of: path)
        if !directory.isEmpty { try AtomicFile.makeDirectories(directory, mode: 0o700) }
        let lock: ProcessLock
        do {
            lock = try ProcessLock(path: path + ".lock")
        } catch {
            throw FieldOpsError("cannot lock the silences file \(path): \(error)", hint: "check that \(directory) is writable")
        }
        return try lock.withLock(timeout: .seconds(10)) {
            var silences = try load()
            let result = try change(&silences)
            silences.removeAll { silence in
                let end = silence.endedAt.map { min($0, silence.endsAt) } ?? silence.endsAt
                return end < now - Self.kept
            }
            let text = JSONValue.object(["silences": .array(silences.map(\.json))]).jsonString(.pretty) + "\n"
            do {
                try AtomicFile.write(Array(text.utf8), to: path, mode: 0o644, applyingUmask: true)
            } catch {
                throw FieldOpsError(
                    "cannot write the silences file \(path): \(SystemCallError.reason(error))", hint: "check that \(directory) is writable")
            }
            return result
        }
    }

    /// A new id: eight hex digits, not yet used in `silences`.
    static func newID(among silences: [Silence]) -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let id = String(String(UInt64(generator.next() % 0xFFFF_FFFF) + 0x1_0000_0000, radix: 16).dropFirst())
            if !silences.contains(where: { $0.id == id }) { return id }
        }
    }
}

/// The silences in force for one read of the alarms, with the ONU→OLT map `--olt` silences need.
struct ActiveSilences: Sendable {
    let silences: [Silence]
    let oltOf: [String: String]

    static let none = ActiveSilences(silences: [], oltOf: [:])

    /// The profile's silences active now; an unreadable file is a warning, never a failed read
    /// of the alarms.
    static func load(_ connection: MCMSConnection) -> ActiveSilences {
        let file = connection.silenceFile
        let now = WallClock.nowMilliseconds
        let active: [Silence]
        do {
            active = try file.load().filter { $0.isActive(at: now) }
        } catch {
            connection.output.warn((error as? any UserFacingError)?.summary ?? "\(error)")
            return .none
        }
        guard !active.isEmpty else { return .none }
        var oltOf: [String: String] = [:]
        if active.contains(where: { $0.olt != nil }) {
            for entry in connection.cache.entries(.onu) { if let olt = entry.olt { oltOf[entry.id] = olt } }
        }
        return ActiveSilences(silences: active, oltOf: oltOf)
    }

    /// The silence that covers `alarm`, if any.
    func silence(of alarm: FleetAlarm) -> Silence? {
        silences.first { $0.matches(alarm, oltOf: { oltOf[$0] }) }
    }

    /// The alarms with `silencedBy` set where a silence covers them.
    func marking(_ alarms: [FleetAlarm]) -> [FleetAlarm] {
        guard !silences.isEmpty else { return alarms }
        return alarms.map { alarm in
            var alarm = alarm
            alarm.silencedBy = silence(of: alarm)?.id
            return alarm
        }
    }
}

/// Which alarms are new since the recorder's last sample (`mcms record`): none is marked when
/// nothing was recorded for the profile.
struct AlarmNews: Sendable {
    let keys: Set<String>?
    /// The last sample's time.
    let since: Int64?

    static func load(dataDirectory: String) -> AlarmNews {
        let path = HistoryStore.path(inDataDirectory: dataDirectory)
        guard let store = try? HistoryStore.existing(path: path), let open = try? store.openAlarms() else {
            return AlarmNews(keys: nil, since: nil)
        }
        return AlarmNews(keys: open.keys, since: open.at)
    }

    func marking(_ alarms: [FleetAlarm]) -> [FleetAlarm] {
        guard let keys else { return alarms }
        return alarms.map { alarm in
            var alarm = alarm
            alarm.isNew = !keys.contains(AlarmSighting(alarm).key)
            return alarm
        }
    }
}
