import FieldOpsCore
import FoundationEssentials

/// Steps 4–6: reference data, the user's issues, notifications.
extension SyncEngine {
    // MARK: 4. Reference data

    /// Facilities, areas and templates, one after another; only when all three arrived is the
    /// cache replaced (in one transaction), so a failure half-way keeps the old sets.
    func pullReference() async throws {
        do {
            let facilities = try await client.call(.facilities, as: [APIFacility].self)
            let areas = try await client.call(.areas, as: [APIArea].self)
            let templates = try SyncPulls.templates(try await client.call(.templates))
            let counts = try store.replaceReference(facilities: facilities, areas: areas, templates: templates)
            run.withLock { $0.report.reference = counts }
        } catch {
            stepFailed("reference data", error)
        }
    }

    // MARK: 5. Issues

    func pullIssues() async throws {
        do {
            let issues = try await client.call(.listIssues, as: [APIIssue].self)
            let outcome = try store.reconcileIssues(issues)
            run.withLock { state in
                state.report.issuesPulled = outcome.upserted
                state.report.issuesRemoved = outcome.removed
                // Each left out record is named; the others were reconciled as usual.
                state.report.stepErrors += outcome.reused.map { "issues: \($0.description)" }
                if !outcome.reused.isEmpty { state.report.serverReset = true }
            }
        } catch {
            stepFailed("issues", error)
        }
    }

    // MARK: 6. Notifications

    /// Step 6 on its own (`jqc notifications poll|watch`): the session check, then the poll.
    /// Returns how many notifications were new; a failed poll throws.
    public func pollNotificationsOnly() async throws -> Int {
        try await pollNewNotifications().count
    }

    /// Step 6 on its own, returning the notifications seen for the first time, oldest first.
    public func pollNewNotifications() async throws -> [APINotification] {
        try await checkSession()
        try await pollNotifications()
        try stopIfNeeded()
        let report = run.withLock { $0.report }
        if let error = report.stepErrors.first { throw FieldOpsError("polling notifications failed: \(error)") }
        return report.newNotifications
    }

    /// Fetches what arrived since a minute before the cursor (all unread the first time), keeps
    /// what is new by id, moves the cursor to the newest `created_at` the server wrote (never
    /// to its `Date` header or this machine's clock), then tells the server which ids were read.
    /// Ids whose mark-read failed stay queued for the next sync.
    func pollNotifications() async throws {
        do {
            var query: [HTTPRequest.QueryItem] = []
            let zone = client.serverZone
            if let since = try store.notificationSince(zone: zone) { query.append(.init("since", since)) }
            let notes = try await client.call(.notifications, query: query, as: [APINotification].self)
            let intake = try store.storeNotifications(notes, zone: zone)
            run.withLock { state in
                state.report.notifications = intake.added.count
                state.report.newNotifications = intake.added
                if !intake.reusedIDs.isEmpty { state.report.serverReset = true }
            }
            let unread = try store.notificationsToMarkRead()
            if !unread.isEmpty {
                _ = try await client.call(.markNotificationsRead, json: SyncRequests.markRead(unread), as: MarkReadResult.self)
                try store.recordNotificationsRead(unread)
            }
        } catch {
            stepFailed("notifications", error)
        }
    }

    /// A pull that failed: the server's refusal is noted and the sync goes on; a network or
    /// session failure stops it.
    func stepFailed(_ step: String, _ error: any Error) {
        switch AttemptOutcome(error) {
        case .counted(let message):
            run.withLock { $0.report.stepErrors.append("\(step): \(message)") }
        case let outcome:
            stop(outcome)
        }
    }
}

/// Reading pulled data whose shape the typed decoder cannot keep.
enum SyncPulls {
    /// Templates with each `form_schema` kept as the exact JSON text the server sent.
    static func templates(_ data: JSONValue) throws -> [APITemplate] {
        guard let items = data.arrayValue else {
            throw JQCError.unexpectedAnswer(
                endpoint: JQCEndpoint.templates.description, reason: "data is \(data.kindDescription), not a list")
        }
        return try items.enumerated().map { index, item in
            guard let id = item["id"]?.int64Value, let name = item["name"]?.stringValue else {
                throw JQCError.unexpectedAnswer(
                    endpoint: JQCEndpoint.templates.description, reason: "data[\(index)] has no integer id and name")
            }
            let schema = item["form_schema"] ?? .array([])
            guard schema.arrayValue != nil else {
                throw JQCError.unexpectedAnswer(
                    endpoint: JQCEndpoint.templates.description,
                    reason: "data[\(index)].form_schema is \(schema.kindDescription), not a list")
            }
            return APITemplate(
                id: Int(id), name: name, description: item["description"]?.stringValue, frequency: item["frequency"]?.stringValue,
                formSchemaJSON: schema.jsonString())
        }
    }
}
