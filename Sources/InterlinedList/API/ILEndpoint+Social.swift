/// The document, message, people, organization and notification routes behind the rest of
/// `il` (server notes §2–5). Cookie-only routes are marked so the session cookie is sent.
extension ILEndpoint {
    // MARK: Documents

    /// `DELETE /api/documents/{id}`: a soft delete.
    public static func deleteDocument(_ id: String) -> ILEndpoint {
        ILEndpoint(.delete, ["api", "documents", id], credential: .syncToken)
    }

    /// `GET /api/documents/search?q=` (title or content; limit at most 100).
    public static func searchDocuments(_ query: String, limit: Int, offset: Int) -> ILEndpoint {
        ILEndpoint(
            .get, ["api", "documents", "search"],
            query: [QueryItem("q", query), QueryItem("limit", String(limit)), QueryItem("offset", String(offset))],
            credential: .syncToken)
    }

    // MARK: Messages

    /// `GET /api/messages/{id}`: the bare message object.
    public static func message(_ id: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "messages", id], credential: .syncToken)
    }

    /// `GET /api/messages/{id}/replies`: cookie only (a Bearer caller is treated as anonymous).
    public static func replies(_ id: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "messages", id, "replies"], credential: .sessionCookie)
    }

    /// `DELETE /api/messages/{id}`: a hard delete with every reply under it.
    public static func deleteMessage(_ id: String) -> ILEndpoint {
        ILEndpoint(.delete, ["api", "messages", id], credential: .syncToken)
    }

    /// `POST|DELETE /api/messages/{id}/dig`: cookie only.
    public static func dig(_ id: String, undo: Bool) -> ILEndpoint {
        ILEndpoint(undo ? .delete : .post, ["api", "messages", id, "dig"], credential: .sessionCookie)
    }

    /// `GET /api/messages/search?q=&onlyMine=` (limit at most 100).
    public static func searchMessages(_ query: String, limit: Int, offset: Int, onlyMine: Bool) -> ILEndpoint {
        var items = [QueryItem("q", query), QueryItem("limit", String(limit)), QueryItem("offset", String(offset))]
        if onlyMine { items.append(QueryItem("onlyMine", "true")) }
        return ILEndpoint(.get, ["api", "messages", "search"], query: items, credential: .syncToken)
    }

    /// `GET /api/messages/scheduled?range=today|week|month`.
    public static func scheduledMessages(range: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "messages", "scheduled"], query: [QueryItem("range", range)], credential: .syncToken)
    }

    // MARK: People

    /// `GET /api/users/{username}/lists`: public; 404 for an unknown username.
    public static func publicLists(_ username: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "users", username, "lists"], credential: .none)
    }

    /// `GET /api/users/{username}/documents`: public.
    public static func publicDocuments(_ username: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "users", username, "documents"], credential: .none)
    }

    /// `GET /api/user/{username}/messages`: public (Bearer is ignored).
    public static func userWall(_ username: String, limit: Int) -> ILEndpoint {
        ILEndpoint(.get, ["api", "user", username, "messages"], query: [QueryItem("limit", String(limit))], credential: .none)
    }

    /// `GET /api/lists/{id}/watchers/users?search=`: users by name, for an owner of `listID`.
    public static func watcherCandidates(_ listID: String, search: String) -> ILEndpoint {
        ILEndpoint(
            .get, ["api", "lists", listID, "watchers", "users"], query: [QueryItem("search", search), QueryItem("limit", "50")],
            credential: .syncToken)
    }

    /// `GET /api/follow/{userId}/status`: 404 for an unknown user id.
    public static func followStatus(_ userID: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "follow", userID, "status"], credential: .syncToken)
    }

    /// `GET /api/follow/{userId}/followers|following` (limit 1…100).
    public static func followPeople(_ userID: String, side: String, limit: Int, offset: Int) -> ILEndpoint {
        ILEndpoint(
            .get, ["api", "follow", userID, side], query: [QueryItem("limit", String(limit)), QueryItem("offset", String(offset))],
            credential: .syncToken)
    }

    /// `GET /api/follow/requests`: pending requests to you (no pagination).
    public static let followRequests = ILEndpoint(.get, ["api", "follow", "requests"], credential: .syncToken)

    /// `POST /api/follow/{requesterId}/approve|reject`.
    public static func answerFollowRequest(_ requesterID: String, approve: Bool) -> ILEndpoint {
        ILEndpoint(.post, ["api", "follow", requesterID, approve ? "approve" : "reject"], credential: .syncToken)
    }

    // MARK: Organizations (cookie only)

    /// `GET /api/organizations/{id or slug}`.
    public static func organization(_ idOrSlug: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "organizations", idOrSlug], credential: .sessionCookie)
    }

    /// `GET /api/organizations/{id}/members`: members only.
    public static func organizationMembers(_ id: String, limit: Int, offset: Int) -> ILEndpoint {
        ILEndpoint(
            .get, ["api", "organizations", id, "members"], query: [QueryItem("limit", String(limit)), QueryItem("offset", String(offset))],
            credential: .sessionCookie)
    }

    /// `POST /api/user/organizations {organizationId}`: join.
    public static let joinOrganization = ILEndpoint(.post, ["api", "user", "organizations"], credential: .sessionCookie)

    /// `DELETE /api/organizations/{id}/members/{yourUserId}`: leave.
    public static func leaveOrganization(_ id: String, userID: String) -> ILEndpoint {
        ILEndpoint(.delete, ["api", "organizations", id, "members", userID], credential: .sessionCookie)
    }

    // MARK: Notifications

    /// `DELETE /api/notifications/{id}` → 204 with no body.
    public static func deleteNotification(_ id: String) -> ILEndpoint {
        ILEndpoint(.delete, ["api", "notifications", id], credential: .syncToken)
    }
}
