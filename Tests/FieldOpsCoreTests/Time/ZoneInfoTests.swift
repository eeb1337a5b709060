import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Time zones read from the system's tz database agree with Python's `zoneinfo`, which reads the
/// same files with its own, independent code, including the rule past a file's table.
@Suite struct ZoneInfoTests {
    /// Zones with every kind of offset: half and quarter hours, a 30-minute summer time, rules
    /// with negative and over-24 hour change times, the southern hemisphere, the date line.
    static let zones = [
        "America/New_York", "Europe/Oslo", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Kiritimati", "Pacific/Chatham",
        "Australia/Lord_Howe", "America/St_Johns", "America/Nuuk", "Asia/Jerusalem", "America/Sao_Paulo", "Africa/Casablanca",
        "Asia/Tokyo", "Pacific/Apia",
    ]

    /// Offsets Python's zoneinfo gives for `instants` in `zone`, with `$TZDIR`'s files.
    static func pythonOffsets(zone: String, instants: [Int64], tzdir: String? = nil) throws -> [Int] {
        let script = """
            import sys, zoneinfo, datetime
            zone = zoneinfo.ZoneInfo(sys.argv[1])
            for line in sys.stdin:
                t = datetime.datetime.fromtimestamp(int(line), tz=datetime.timezone.utc)
                print(int(t.astimezone(zone).utcoffset().total_seconds()))
            """
        var environment = ProcessInfo.processInfo.environment
        if let tzdir { environment["PYTHONTZPATH"] = tzdir }
        let result = try ProcessRunner.run(
            "/usr/bin/env", arguments: ["python3", "-c", script, zone], environment: environment,
            stdin: Data(instants.map(String.init).joined(separator: "\n").utf8))
        guard result.exitCode == 0 else { throw TestSupportError("python3 zoneinfo failed: \(result.stderr)") }
        return result.stdout.split(separator: "\n").compactMap { Int($0) }
    }

    /// Every 3 days and 7 hours from 1975 to 2060 (past the end of every file's table), and
    /// each hour around the moments Python says the offset changes.
    static let instants: [Int64] = stride(from: Int64(157_766_400), to: 2_871_763_200, by: 284_400).map { $0 }

    @Test(arguments: zones)
    func offsetsAgreeWithPythonsZoneinfo(zone: String) throws {
        let info = try ZoneInfo.named(zone)
        let expected = try Self.pythonOffsets(zone: zone, instants: Self.instants)
        #expect(expected.count == Self.instants.count)
        var mismatches: [String] = []
        for (instant, offset) in zip(Self.instants, expected) where info.offset(atUTC: instant) != offset {
            mismatches.append("\(instant): \(info.offset(atUTC: instant)) vs \(offset)")
        }
        #expect(mismatches.isEmpty, "\(zone), first mismatches: \(mismatches.prefix(4))")
    }

    @Test func wallTimeRoundTripsAndTheRepeatedAndSkippedHoursAreNamed() throws {
        let newYork = try ZoneInfo.named("America/New_York")
        // 2026-11-01 01:30 happens twice (EDT, then EST); 2026-03-08 02:30 never happens.
        let repeated = Int64(1_793_496_600)  // 2026-11-01T01:30:00 as local seconds
        #expect(newYork.utcCandidates(forLocal: repeated) == [1_793_511_000, 1_793_514_600])
        #expect(newYork.utcSeconds(forLocal: repeated) == 1_793_511_000)
        let skipped = Int64(1_772_937_000)  // 2026-03-08T02:30:00
        #expect(newYork.utcCandidates(forLocal: skipped).isEmpty)
        #expect(newYork.utcSeconds(forLocal: skipped) == 1_772_955_000, "read as 03:30 EDT, as mktime does")
        for instant in Self.instants {
            #expect(newYork.utcCandidates(forLocal: newYork.localSeconds(fromUTC: instant)).contains(instant))
        }
        #expect(newYork.localType(atUTC: 1_796_579_462).abbreviation == "EST")
        #expect(try ZoneInfo.named("Asia/Kolkata").localType(atUTC: 1_796_579_462).abbreviation == "IST")
    }

    /// A file built "slim" ends its table early and leaves the years after to its TZ rule.
    @Test func aSlimFileIsReadThroughItsRule() throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let source = """
            Rule\tEast\t2007\tmax\t-\tMar\tSun>=8\t2:00\t1:00\tD
            Rule\tEast\t2007\tmax\t-\tNov\tSun>=1\t2:00\t0\tS
            Zone\tTest/Eastern\t-5:00\tEast\tE%sT
            Rule\tSouth\t2010\tmax\t-\tApr\tSun>=1\t3:00\t0\t-
            Rule\tSouth\t2010\tmax\t-\tSep\tlastSun\t2:00\t1:00\t-
            Zone\tTest/Chatham\t12:45\tSouth\t+1245/+1345
            """
        try (source + "\n").write(toFile: directory.path("zones"), atomically: true, encoding: .utf8)
        let zic = try ProcessRunner.run("/usr/sbin/zic", arguments: ["-b", "slim", "-d", directory.path("db"), directory.path("zones")])
        try #require(zic.exitCode == 0, "zic: \(zic.stderr)")
        let later = Self.instants.filter { $0 > 1_325_376_000 }  // from 2012, when both test rules are in force
        for (name, reference) in [("Test/Eastern", "America/New_York"), ("Test/Chatham", "Pacific/Chatham")] {
            let slim = try ZoneInfo.load(name, directory: directory.path("db"))
            let expected = try Self.pythonOffsets(zone: reference, instants: later)
            let mismatches = zip(later, expected).filter { slim.offset(atUTC: $0.0) != $0.1 }
            #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(3))")
        }
    }

    @Test func namesThatAreNotZonesAreRefusedBeforeAnyFileIsRead() throws {
        for name in ["", "../../etc/passwd", "/etc/localtime", "Europe/../Oslo", "Europe/Sjøgata", "Oslo zone"] {
            #expect(throws: ZoneInfo.LoadError.invalidName(name)) { try ZoneInfo.named(name) }
        }
        #expect(throws: ZoneInfo.LoadError.unknownZone(name: "Mars/Olympus_Mons", directory: ZoneInfo.databaseDirectory)) {
            try ZoneInfo.named("Mars/Olympus_Mons")
        }
        #expect(throws: ZoneInfo.LoadError.unknownZone(name: "America", directory: ZoneInfo.databaseDirectory), "a directory") {
            try ZoneInfo.named("America")
        }
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        try "not a zone".write(toFile: directory.path("Broken"), atomically: true, encoding: .utf8)
        #expect {
            try ZoneInfo.load("Broken", directory: directory.url.path)
        } throws: { error in
            guard case .malformed(_, _, let reason) = error as? ZoneInfo.LoadError else { return false }
            return reason == "not a TZif file"
        }
        #expect(try ZoneInfo.named("UTC") == .utc)
        #expect(ZoneInfo.utc.offset(atUTC: 0) == 0)
    }
}
