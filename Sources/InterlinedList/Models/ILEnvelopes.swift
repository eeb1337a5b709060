// The wrappers the service puts around its objects, one per response shape the CLI reads.

/// `{user}` from `GET /api/user`.
public struct ILUserEnvelope: Codable, Sendable { public var user: ILUser }

/// `{token, message}` from `POST /api/auth/sync-token`.
public struct ILSyncTokenResponse: Codable, Sendable {
    public var token: String
    public var message: String?
}

/// `{message, user}` from `POST /api/auth/login` (the cookie comes in `Set-Cookie`).
public struct ILLoginResponse: Codable, Sendable {
    public var message: String?
    public var user: ILUser?
}

/// `{messages, pagination}` from `GET /api/messages`.
public struct ILFeedPage: Codable, Sendable, Equatable {
    public var messages: [ILMessage]
    public var pagination: ILPagination?
    public init(messages: [ILMessage], pagination: ILPagination?) {
        self.messages = messages
        self.pagination = pagination
    }
}

/// `{message, data}` from `POST /api/messages` and `POST /api/lists` (201).
public struct ILCreated<Object: Codable & Sendable>: Codable, Sendable {
    public var message: String?
    public var data: Object
}

/// `{lists, pagination}` from `GET /api/lists`.
public struct ILListsPage: Codable, Sendable {
    public var lists: [ILList]
    public var pagination: ILPagination?
}

/// `{data}` from `GET /api/lists/{id}`.
public struct ILListEnvelope: Codable, Sendable { public var data: ILList }

/// `{folders}` from `GET /api/folders` and `GET /api/documents/folders`.
public struct ILFoldersEnvelope: Codable, Sendable {
    public var folders: [ILFolder]
    public init(folders: [ILFolder]) { self.folders = folders }
}

/// `{documents}` from the document listings.
public struct ILDocumentsEnvelope: Codable, Sendable {
    public var documents: [ILDocument]
    public init(documents: [ILDocument]) { self.documents = documents }
}

/// `{document}` from `GET|PATCH /api/documents/{id}` and the create routes.
public struct ILDocumentEnvelope: Codable, Sendable { public var document: ILDocument }

/// `{organizations, pagination?}` from the organization routes.
public struct ILOrganizationsPage: Codable, Sendable {
    public var organizations: [ILOrganization]
    public var pagination: ILPagination?
}

/// `{follow}` from `POST /api/follow/{userId}`.
public struct ILFollowEnvelope: Codable, Sendable {
    public struct Follow: Codable, Sendable {
        public var id: String?
        public var followerId: String?
        public var followingId: String?
        /// `approved`, or `pending` for a private account.
        public var status: String?
    }
    public var follow: Follow
}

/// `{error, details?}`: every error answer of the service.
public struct ILServerError: Codable, Sendable {
    public var error: String
}

/// Every list of the user (all pages), as the cache keeps it.
public struct ILListsEnvelope: Codable, Sendable {
    public var lists: [ILList]
    public init(lists: [ILList]) { self.lists = lists }
}
