/// The routes the CLI calls, in one table: path, method and accepted credential.
///
/// The credential column follows the service's OpenAPI document; where the iOS client got it
/// wrong (organizations with a Bearer token, PUT for marking a notification read, a `folderId`
/// body on the root document route) the table says what the server actually accepts.
extension ILEndpoint {
    // MARK: Sign-in

    /// `POST /api/auth/sync-token {email, password}` → the Bearer token.
    public static let syncToken = ILEndpoint(.post, ["api", "auth", "sync-token"], credential: .none)
    /// `POST /api/auth/login {email, password}` → the session cookie (Set-Cookie).
    public static let login = ILEndpoint(.post, ["api", "auth", "login"], credential: .none)
    /// `POST /api/auth/logout` ends the cookie session on the server (the token stays valid).
    public static let logout = ILEndpoint(.post, ["api", "auth", "logout"], credential: .sessionCookie)

    // MARK: User

    /// `GET /api/user`: the profile, and the one route whose 401 proves the user is logged out.
    public static let currentUser = ILEndpoint(.get, ["api", "user"], credential: .syncToken)

    // MARK: Feed

    /// `GET /api/messages`: top-level messages, newest first.
    public static func feed(limit: Int, offset: Int, onlyMine: Bool = false, tag: String? = nil) -> ILEndpoint {
        var query = [QueryItem("limit", String(limit)), QueryItem("offset", String(offset))]
        if onlyMine { query.append(QueryItem("onlyMine", "true")) }
        if let tag { query.append(QueryItem("tag", tag)) }
        return ILEndpoint(.get, ["api", "messages"], query: query, credential: .syncToken)
    }

    /// `POST /api/messages` with an `ILNewMessage` body.
    public static let postMessage = ILEndpoint(.post, ["api", "messages"], credential: .syncToken)

    // MARK: Lists and list folders

    /// `GET /api/lists` (the server caps a page at 1000).
    public static func lists(limit: Int, offset: Int) -> ILEndpoint {
        ILEndpoint(
            .get, ["api", "lists"], query: [QueryItem("limit", String(limit)), QueryItem("offset", String(offset))],
            credential: .syncToken)
    }

    /// `GET /api/lists/{id}` → `{data: list}` with its properties.
    public static func list(_ id: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "lists", id], credential: .syncToken)
    }

    /// `GET /api/lists/{id}/data`: the list's rows.
    public static func listRows(_ id: String, limit: Int, offset: Int) -> ILEndpoint {
        ILEndpoint(
            .get, ["api", "lists", id, "data"],
            query: [QueryItem("limit", String(limit)), QueryItem("offset", String(offset))], credential: .syncToken)
    }

    /// `POST /api/lists` with an `ILNewList` body.
    public static let createList = ILEndpoint(.post, ["api", "lists"], credential: .syncToken)

    /// `GET /api/folders`: every list folder, flat.
    public static let listFolders = ILEndpoint(.get, ["api", "folders"], credential: .syncToken)

    // MARK: Documents (folders are path-scoped)

    /// `GET /api/documents`: documents at the root only (a `folderId` query is ignored by the server).
    public static let rootDocuments = ILEndpoint(.get, ["api", "documents"], credential: .syncToken)
    /// `POST /api/documents`: creates at the root only (a `folderId` body field is ignored).
    public static let createRootDocument = ILEndpoint(.post, ["api", "documents"], credential: .syncToken)

    /// `GET /api/documents/folders/{id}/documents`: one folder's documents.
    public static func folderDocuments(_ folderID: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "documents", "folders", folderID, "documents"], credential: .syncToken)
    }

    /// `POST /api/documents/folders/{id}/documents`: the only way to create a document in a folder.
    public static func createFolderDocument(_ folderID: String) -> ILEndpoint {
        ILEndpoint(.post, ["api", "documents", "folders", folderID, "documents"], credential: .syncToken)
    }

    /// `GET /api/documents/sync[?lastSyncAt=ISO]`: folders and documents (with content) changed
    /// strictly after `since`, or everything without it. No tombstones: a deletion is an absence.
    public static func documentDelta(since: String?) -> ILEndpoint {
        ILEndpoint(
            .get, ["api", "documents", "sync"], query: since.map { [QueryItem("lastSyncAt", $0)] } ?? [],
            credential: .syncToken)
    }

    /// `GET /api/documents/folders`: every document folder, flat.
    public static let documentFolders = ILEndpoint(.get, ["api", "documents", "folders"], credential: .syncToken)

    /// `GET /api/documents/{id}`.
    public static func document(_ id: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "documents", id], credential: .syncToken)
    }

    /// `PATCH /api/documents/{id}` with `{folderId}`: the only route that moves a document.
    public static func updateDocument(_ id: String) -> ILEndpoint {
        ILEndpoint(.patch, ["api", "documents", id], credential: .syncToken)
    }

    // MARK: People

    /// `POST /api/follow/{userId}`.
    public static func follow(_ userID: String) -> ILEndpoint {
        ILEndpoint(.post, ["api", "follow", userID], credential: .syncToken)
    }

    /// `DELETE /api/follow/{userId}`.
    public static func unfollow(_ userID: String) -> ILEndpoint {
        ILEndpoint(.delete, ["api", "follow", userID], credential: .syncToken)
    }

    // MARK: Organizations (cookie only)

    /// `GET /api/organizations`: public organizations and the ones the user belongs to.
    public static func organizations(limit: Int, offset: Int) -> ILEndpoint {
        ILEndpoint(
            .get, ["api", "organizations"],
            query: [QueryItem("limit", String(limit)), QueryItem("offset", String(offset))], credential: .sessionCookie)
    }

    /// `GET /api/user/organizations`: the user's memberships with their role.
    public static let userOrganizations = ILEndpoint(.get, ["api", "user", "organizations"], credential: .sessionCookie)

    // MARK: Notifications

    /// `GET /api/notifications?scope=tray`: unread items and the unread count.
    public static let notificationTray = ILEndpoint(
        .get, ["api", "notifications"], query: [QueryItem("scope", "tray")],
        credential: .syncToken)

    /// `PATCH /api/notifications/{id}/read` (the server answers 405 to the PUT the iOS app sends).
    public static func markNotificationRead(_ id: String) -> ILEndpoint {
        ILEndpoint(.patch, ["api", "notifications", id, "read"], credential: .syncToken)
    }

    /// `POST /api/notifications/mark-all-read`.
    public static let markAllNotificationsRead = ILEndpoint(
        .post, ["api", "notifications", "mark-all-read"],
        credential: .syncToken)
}
