import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// Collection reads in pages (`limit`/`skip`, sorted by `_id`): every device exactly once across
/// page boundaries, also while the fleet changes between two page requests; `--chunk-size` and
/// `chunk_size` as sent; a failing page retried, or the listing failing with the cache untouched.
@Suite struct PagedListingTests {
    static let collections: Set<String> = [
        "/api/v1/onus/states/", "/api/v1/onus/configs/", "/api/v1/olts/states/", "/api/v1/olts/configs/",
    ]

    /// Every ONU id the emulator holds (its config documents), in `_id` order.
    func emulatorIDs(_ harness: MCMSHarness) async throws -> [String] {
        (try JSONValue(parsing: try await harness.adminGet(["onu-ids"]).body).arrayValue ?? []).compactMap(\.stringValue)
    }

    /// A repository over a logged-in session of its own, reading `pageSize` documents a page.
    func repository(_ harness: MCMSHarness, pageSize: Int) async throws -> MCMSRepository {
        let session = try HTTPSession(settings: HTTPSettings(timeout: 30, retries: 2), version: "mcms-paging-test")
        let client = MCMSClient(http: session, baseURL: harness.emulator.baseURL, profile: "lab", store: nil)
        try await client.login(username: MCMSHarness.tech, password: MCMSHarness.password)
        return MCMSRepository(client: client, paging: MCMSPaging(pageSize: pageSize))
    }

    func listedIDs(_ result: CommandOutcome) throws -> [String] {
        #expect(result.exitCode == 0, "\(result.stderr)")
        return (try JSONValue(parsing: result.stdout).arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    /// ONU ids that occur more than once.
    func repeated(_ ids: [String]) -> [String] {
        Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    }

    // MARK: Page boundaries

    @Test func everyONUIsListedExactlyOnceAcrossPageBoundaries() async throws {
        let harness = try await MCMSHarness(onus: 1_234)
        try await harness.login()
        let ids = try listedIDs(await harness.run(["mcms", "onu", "list", "--json", "--chunk-size", "100"]))
        #expect(ids == (try await emulatorIDs(harness)))
        #expect(repeated(ids).isEmpty)

        // The pager itself, without the join's deduplication: the config ids straight off the pages.
        let configIDs = try await repository(harness, pageSize: 100).onuConfigIDs()
        #expect(configIDs == (try await emulatorIDs(harness)))

        // 1,234 configs at 100 a page, each page after the first starting on the last of the one before.
        let pages = try await harness.emulator.requests().filter { $0.path == "/api/v1/onus/configs/" }
        #expect(pages.count >= 13)
        let skips = Set(pages.compactMap { $0.query["skip"]?.first })
        #expect(skips.isSuperset(of: ["99", "198", "1188"]))
    }

    @Test func aFleetChangingBetweenPagesRepeatsNothingAndDropsNoUnchangedONU() async throws {
        let harness = try await MCMSHarness(onus: 900)
        try await harness.login()
        let before = try await emulatorIDs(harness)
        // After the third page: five ONUs of the first page go (every later page starts five
        // places further on); after the sixth: forty new ONUs come, most of them before the
        // page being read (that page then starts on ONUs already listed).
        let gone = Array(before[10..<15])
        try await harness.emulator.admin(
            post: "fleet", json: ["remove": gone, "after": ["path": "/api/v1/onus/configs/", "requests": 3] as [String: any Sendable]])
        try await harness.emulator.admin(
            post: "fleet", json: ["add": 40, "after": ["path": "/api/v1/onus/configs/", "requests": 6] as [String: any Sendable]])

        let ids = try await repository(harness, pageSize: 60).onuConfigIDs()

        let changes = try await harness.state()["fleet_changes"]?.arrayValue ?? []
        #expect(changes.count == 2, "both changes happened during the listing")
        let added = Set(changes.flatMap { $0["added"]?.arrayValue ?? [] }.compactMap(\.stringValue))
        #expect(added.count == 40)
        #expect(repeated(ids).isEmpty, "no ONU twice")
        let unchanged = before.filter { !gone.contains($0) }
        let listed = Set(ids)
        #expect(unchanged.filter { !listed.contains($0) }.isEmpty, "every ONU that stayed is listed")
        #expect(ids == ids.sorted { MCMSOrder.precedes($0, $1) }, "in _id order")
        #expect(listed.subtracting(unchanged).isSubset(of: added.union(gone)), "nothing else is listed")
        // The removals opened a gap at the next boundary, which was read by an _id range.
        let requests = try await harness.emulator.requests().filter { $0.path == "/api/v1/onus/configs/" }
        #expect(requests.contains { $0.query["query"]?.first?.contains(#""$gt""#) == true })

        // The command sees the same: after the change, every ONU there is, once.
        let listedNow = try listedIDs(await harness.run(["mcms", "onu", "list", "--json", "--chunk-size", "60"]))
        #expect(listedNow == (try await emulatorIDs(harness)))
    }

    @Test func anApplianceThatIgnoresSkipIsReadByIDRangeInsteadOfForever() async throws {
        let harness = try await MCMSHarness(onus: 300)
        try await harness.login()
        try await harness.emulator.admin(post: "paging", json: ["ignore_skip": true])
        let ids = try await repository(harness, pageSize: 50).onuConfigIDs()
        #expect(ids == (try await emulatorIDs(harness)))
        let requests = try await harness.emulator.requests().filter { $0.path == "/api/v1/onus/configs/" }
        #expect(requests.contains { $0.query["query"]?.first?.contains(#""$gt""#) == true })
        #expect(requests.count < 20, "\(requests.count) requests for 300 ONUs at 50 a page")
    }

    // MARK: Page size

    @Test func chunkSizeIsTheLimitOfEveryCollectionRequest() async throws {
        let harness = try await MCMSHarness(onus: 300)
        try await harness.login()
        _ = try listedIDs(await harness.run(["mcms", "onu", "list", "--json", "--chunk-size", "40"]))
        let log = try await harness.emulator.requests()
        var requests = log.filter { Self.collections.contains($0.path) }
        #expect(Set(requests.map(\.path)) == Self.collections)
        #expect(requests.allSatisfy { $0.query["limit"] == ["40"] && $0.query["sort"] == [#"{"_id":1}"#] })
        #expect(requests.filter { $0.path == "/api/v1/onus/states/" }.count >= 300 / 39)

        // The dashboard's alarm collections page too; without the option, 500 a page. (Alarms
        // only: the listing's cancelled look-ahead pages can reach the log after it exited.)
        let dashboard = await harness.run(["mcms", "dashboard", "--json"])
        #expect(dashboard.exitCode == 0, "\(dashboard.stderr)")
        requests = try await harness.emulator.requests().dropFirst(log.count).filter { $0.path.hasSuffix("/alarms/") }
        #expect(requests.contains { $0.path == "/api/v1/onus/alarms/" })
        #expect(requests.allSatisfy { $0.query["limit"] == ["500"] })
    }

    @Test func theProfileSetsThePageSizeAndTheOptionOverridesIt() async throws {
        let harness = try await MCMSHarness(onus: 120, profileSettings: ["chunk_size: 70"])
        try await harness.login()
        _ = try listedIDs(await harness.run(["mcms", "onu", "list", "--json"]))
        #expect(
            try await harness.emulator.requests().filter { Self.collections.contains($0.path) }.allSatisfy { $0.query["limit"] == ["70"] })

        let tooBig = await harness.run(["mcms", "onu", "list", "--chunk-size", "5000"])
        #expect(tooBig.exitCode == 2)
        #expect(tooBig.stderr.contains("invalid value '5000' for '--chunk-size': expected a whole number from 2 to 1000"))
    }

    @Test func bulkFirmwareSelectsAnOLTsONUsPageByPage() async throws {
        let harness = try await MCMSHarness(onus: 600)
        try await harness.login()
        let mac = try #require(try await harness.state()["olt_ids"]?[2]?.stringValue)
        // The plan first: a listing ends with its speculative next pages cancelled, and those can
        // reach the emulator's log after the listing has exited, inside the plan's requests.
        let before = try await harness.emulator.requests().count
        let dry = await harness.run([
            "mcms", "onu", "firmware-bulk", "--file", "ALPH-R4.3.1.bin", "--version", "R4.3.1",
            "--olt", mac, "--dry-run", "--chunk-size", "30",
        ])
        #expect(dry.exitCode == 0, "\(dry.stderr)")
        // Every request of the plan, including any it cancelled, was asked for 30 documents.
        let requests = try await harness.emulator.requests().dropFirst(before).filter { Self.collections.contains($0.path) }
        let listing = try listedIDs(await harness.run(["mcms", "onu", "list", "--olt", mac, "--json"]))
        let planned = Set(dry.stdout.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) })
        #expect(planned == Set(listing))
        // The OLT's ONUs by a paged query on their parent, and the plan's state and bucket reads.
        let ofOLT = requests.filter { $0.query["query"]?.first?.contains(mac) == true }
        #expect(ofOLT.count >= listing.count / 29, "the \(listing.count) ONUs of the OLT came 30 a page")
        #expect(requests.allSatisfy { $0.query["limit"] == ["30"] })
    }

    // MARK: Failures

    @Test func aFailingPageIsRetriedAndTheListingCompletes() async throws {
        let harness = try await MCMSHarness(onus: 400, profileHTTP: "{ retries: 2 }")
        try await harness.login()
        try await harness.emulator.injectFault(path: "/api/v1/onus/states/", status: 503, count: 1, after: 2)
        let ids = try listedIDs(await harness.run(["mcms", "onu", "list", "--json", "--chunk-size", "50"]))
        #expect(ids == (try await emulatorIDs(harness)))
        let pages = try await harness.emulator.requests().filter { $0.path == "/api/v1/onus/states/" }.map {
            $0.query["skip"]?.first ?? "0"
        }
        #expect(pages.count == Set(pages).count + 1, "one page was asked for twice: the failed one")
    }

    @Test func aPageThatKeepsFailingFailsTheListingAndLeavesTheCacheAsItWas() async throws {
        let harness = try await MCMSHarness(onus: 400, profileHTTP: "{ retries: 1 }")
        try await harness.login()
        _ = try listedIDs(await harness.run(["mcms", "onu", "list", "--json", "--chunk-size", "50"]))
        let cacheDirectory = harness.home.path("cache/fieldops/lab")
        let cached = try String(contentsOfFile: cacheDirectory + "/onus.tsv", encoding: .utf8)
        #expect(cached.split(separator: "\n").count == 400)

        try await harness.emulator.admin(post: "fleet", json: ["add": 3])
        try await harness.emulator.injectFault(path: "/api/v1/onus/states/", status: 503, count: 10, after: 3)
        let failed = await harness.run(["mcms", "onu", "list", "--json", "--chunk-size", "50"])
        #expect(failed.exitCode != 0)
        #expect(failed.stdout.isEmpty, "nothing printed of a listing that did not complete")
        #expect(failed.stderr.contains("/v1/onus/states/"), "\(failed.stderr)")
        #expect(try String(contentsOfFile: cacheDirectory + "/onus.tsv", encoding: .utf8) == cached)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cacheDirectory).sorted() == ["olts.tsv", "onus.tsv"])
    }

    // MARK: Progress

    @Test func progressGoesToATerminalStderrOnlyAndIsClearedBeforeTheOutput() async throws {
        let harness = try await MCMSHarness(onus: 200)
        try await harness.login()
        // Slow enough that the listing outlasts the quiet period of the progress line.
        try await harness.emulator.setLatency(milliseconds: 100)
        let onTerminal = await harness.run(["mcms", "onu", "list", "--json", "--chunk-size", "10"], terminals: .stderr)
        #expect(onTerminal.exitCode == 0)
        #expect(onTerminal.stderr.contains("listing: "), "\(onTerminal.stderr)")
        #expect(onTerminal.stderr.contains(" documents"))
        #expect(onTerminal.stderr.hasSuffix("\r\u{1B}[2K"), "the line is cleared at the end")
        #expect(!onTerminal.stdout.contains("listing"))
        let piped = await harness.run(["mcms", "onu", "list", "--json", "--chunk-size", "10"])
        #expect(piped.stderr.isEmpty)
        #expect(piped.stdout == onTerminal.stdout)
    }
}
