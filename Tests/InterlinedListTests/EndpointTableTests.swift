import Testing

@testable import InterlinedList

/// The route table: paths, methods and the credential each route accepts.
@Suite struct EndpointTableTests {
    @Test func organizationRoutesTakeOnlyTheSessionCookie() {
        #expect(ILEndpoint.organizations(limit: 20, offset: 0).credential == .sessionCookie)
        #expect(ILEndpoint.userOrganizations.credential == .sessionCookie)
    }

    @Test func featureRoutesTakeTheSyncToken() {
        for endpoint in [
            ILEndpoint.currentUser, .feed(limit: 20, offset: 0), .postMessage, .lists(limit: 10, offset: 0),
            .listFolders, .rootDocuments, .folderDocuments("df1"), .follow("u_bob"), .notificationTray,
        ] {
            #expect(endpoint.credential == .syncToken, "\(endpoint)")
        }
    }

    @Test func signInRoutesSendNoCredential() {
        #expect(ILEndpoint.syncToken.credential == ILCredentialKind.none)
        #expect(ILEndpoint.login.credential == ILCredentialKind.none)
    }

    @Test func documentsInAFolderArePathScoped() {
        #expect(ILEndpoint.createFolderDocument("df1").description == "POST /api/documents/folders/df1/documents")
        #expect(ILEndpoint.folderDocuments("df1").description == "GET /api/documents/folders/df1/documents")
        #expect(ILEndpoint.createRootDocument.description == "POST /api/documents")
        #expect(ILEndpoint.createRootDocument.query.isEmpty)
    }

    @Test func movingADocumentIsAPatchAndMarkingReadIsAPatch() {
        #expect(ILEndpoint.updateDocument("d001").method == .patch)
        #expect(ILEndpoint.markNotificationRead("n002").description == "PATCH /api/notifications/n002/read")
    }

    @Test func feedQueryCarriesOnlyTheFiltersGiven() {
        let plain = ILEndpoint.feed(limit: 20, offset: 40)
        #expect(plain.query.map(\.name) == ["limit", "offset"])
        let filtered = ILEndpoint.feed(limit: 5, offset: 0, onlyMine: true, tag: "swift")
        #expect(filtered.query.map { "\($0.name)=\($0.value)" } == ["limit=5", "offset=0", "onlyMine=true", "tag=swift"])
    }

    @Test func idsStayOneSegmentWhateverTheyContain() {
        let endpoint = ILEndpoint.list("../user")
        #expect(endpoint.segments == ["api", "lists", "../user"])
    }

}
