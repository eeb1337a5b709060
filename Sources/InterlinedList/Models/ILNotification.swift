/// A notification of the tray (`GET /api/notifications?scope=tray`).
public struct ILNotification: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var body: String?
    public var type: String?
    public var createdAt: String?
    public var readAt: String?

    public init(id: String, title: String, body: String? = nil, type: String? = nil, createdAt: String? = nil, readAt: String? = nil) {
        self.id = id
        self.title = title
        self.body = body
        self.type = type
        self.createdAt = createdAt
        self.readAt = readAt
    }
}

/// `{unreadCount, items}`: the tray.
public struct ILNotificationTray: Codable, Sendable, Equatable {
    public var unreadCount: Int
    public var items: [ILNotification]
    public init(unreadCount: Int, items: [ILNotification]) {
        self.unreadCount = unreadCount
        self.items = items
    }
}
