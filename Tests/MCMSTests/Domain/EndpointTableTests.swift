import Testing

@testable import MCMS

@Suite struct EndpointTableTests {
    @Test func everythingIsUnderV1ExceptCPE() {
        let versioned: [MCMSEndpoint] = [
            .authenticate, .logout, .onuStates, .onuState("x"), .onuConfig("x"), .onuAlarms("x"),
            .onuLogs("x"), .oltStates, .oltState("m"), .oltConfig("m"), .onuFirmwareFiles,
        ]
        for endpoint in versioned {
            #expect(endpoint.segments.first == "v1", "\(endpoint)")
            #expect(!endpoint.isBareResponse)
        }
        #expect(MCMSEndpoint.cpe("ALPHe30cadcf").displayPath == "/cpe/onu/ALPHe30cadcf/")
        #expect(MCMSEndpoint.cpe("x").isBareResponse)
    }

    @Test func idsStayRawInTheirOwnSegment() {
        let mac = "70:b3:d5:52:31:27"
        #expect(MCMSEndpoint.oltConfig(mac).segments == ["v1", "olts", "configs", mac, ""])
        #expect(MCMSEndpoint.oltConfig(mac).displayPath == "/v1/olts/configs/70:b3:d5:52:31:27/")
    }

    @Test func baseURLGetsApiAppendedOnce() {
        #expect(MCMSEndpoint.normalizedBaseURL("https://mcms.lab.example.net") == "https://mcms.lab.example.net/api")
        #expect(MCMSEndpoint.normalizedBaseURL("https://mcms.lab.example.net/") == "https://mcms.lab.example.net/api")
        #expect(MCMSEndpoint.normalizedBaseURL("https://mcms.lab.example.net/api") == "https://mcms.lab.example.net/api")
        #expect(MCMSEndpoint.normalizedBaseURL("https://mcms.lab.example.net/api/") == "https://mcms.lab.example.net/api")
    }
}
