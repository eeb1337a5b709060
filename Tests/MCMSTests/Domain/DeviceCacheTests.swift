import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// The completion cache's file: one `id<TAB>name` line per device, whatever the names hold.
@Suite struct DeviceCacheTests {
    @Test func tabsAndEveryLineBreakInANameBecomeSpacesSoEachDeviceStaysOneLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = DeviceCache(directory: directory.path("cache"))
        try cache.store(
            .onu,
            entries: [
                (id: "ALCL0001", name: "roof\tcabinet"), (id: "ALCL0002", name: "line one\r\nline two"),
                (id: "ALCL0003", name: "a\rb\nc"),
            ])
        let loaded = cache.load(.onu)
        #expect(loaded.map(\.id) == ["ALCL0001", "ALCL0002", "ALCL0003"])
        #expect(loaded.map(\.name) == ["roof cabinet", "line one line two", "a b c"])
    }
}
