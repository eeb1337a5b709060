import Testing

@testable import FieldOpsCore

@Suite struct ConfigPathsTests {
    @Test func defaultsFollowXDGUnderHome() {
        let paths = ConfigPaths(environment: ["HOME": "/home/ana"])
        #expect(paths.configFile == "/home/ana/.config/fieldops/config.yaml")
        #expect(paths.profilesDirectory == "/home/ana/.config/fieldops/profiles.d")
        #expect(paths.dataDirectory == "/home/ana/.local/share/fieldops")
        #expect(paths.cacheDirectory == "/home/ana/.cache/fieldops")
        #expect(paths.defaultKeyringFile == "/home/ana/.local/share/fieldops/keyring")
        #expect(paths.dataDirectory(for: "site-a") == "/home/ana/.local/share/fieldops/site-a")
    }

    @Test func xdgVariablesOverrideHome() {
        let paths = ConfigPaths(environment: [
            "HOME": "/home/ana", "XDG_CONFIG_HOME": "/cfg/", "XDG_DATA_HOME": "/data", "XDG_CACHE_HOME": "/cache",
        ])
        #expect(paths.configFile == "/cfg/fieldops/config.yaml")
        #expect(paths.dataDirectory == "/data/fieldops")
        #expect(paths.cacheDirectory(for: "lists") == "/cache/fieldops/lists")
    }

    @Test func relativeXDGValuesAreIgnoredAsTheSpecRequires() {
        let paths = ConfigPaths(environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": "relative/dir"])
        #expect(paths.configFile == "/home/ana/.config/fieldops/config.yaml")
    }

    @Test func fieldopsConfigNamesTheFileAndItsProfilesDirectory() {
        let paths = ConfigPaths(environment: ["HOME": "/home/ana", "FIELDOPS_CONFIG": "/etc/fieldops/site.yaml"])
        #expect(paths.configFile == "/etc/fieldops/site.yaml")
        #expect(paths.profilesDirectory == "/etc/fieldops/profiles.d")
    }

    @Test func configuredPathsExpandTildeAndResolveBesideTheFile() {
        let paths = ConfigPaths(environment: ["HOME": "/home/ana"])
        #expect(paths.resolve("~/ca.pem", relativeTo: "/etc/fieldops/config.yaml") == "/home/ana/ca.pem")
        #expect(paths.resolve("certs/ca.pem", relativeTo: "/etc/fieldops/config.yaml") == "/etc/fieldops/certs/ca.pem")
        #expect(paths.resolve("/abs/ca.pem", relativeTo: "/etc/fieldops/config.yaml") == "/abs/ca.pem")
    }
}
