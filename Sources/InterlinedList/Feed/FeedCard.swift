import FieldOpsCore

/// A message drawn as a card for a terminal:
///
///     Ada Lovelace · 5 min ago · private
///       The text of the message, wrapped to the width of the terminal
///       and indented under its author.
///       #swift #cli · 2 images, 1 video
public enum FeedCard {
    /// Renders `messages` as cards separated by blank lines. `now` is Unix milliseconds.
    public static func render(_ messages: [ILMessage], width: Int, now: Int64, color: Bool = false) -> String {
        var out = ""
        for (position, message) in messages.enumerated() {
            if position > 0 { out += "\n" }
            out += render(message, width: width, now: now, color: color)
        }
        return out
    }

    public static func render(_ message: ILMessage, width: Int, now: Int64, color: Bool = false) -> String {
        var header = Style.bold.apply(message.authorName, enabled: color)
        header += " · " + RelativeTime.describe(iso: message.createdAt, now: now)
        if !message.publiclyVisible { header += " · " + Style.yellow.apply("private", enabled: color) }
        header += "  " + Style.dim.apply(message.id, enabled: color)
        var out = header + "\n"
        let indent = "  "
        for line in TextWrapper.wrap(message.content, width: width - indent.count) {
            out += line.isEmpty ? "\n" : indent + line + "\n"
        }
        var footer: [String] = []
        if !message.tags.isEmpty {
            footer.append(message.tags.map { "#" + $0 }.joined(separator: " "))
        }
        let media = mediaSummary(images: message.imageUrls.count, videos: message.videoUrls.count)
        if !media.isEmpty { footer.append(media) }
        if !footer.isEmpty {
            for line in TextWrapper.wrap(footer.joined(separator: " · "), width: width - indent.count) {
                out += indent + Style.cyan.apply(line, enabled: color) + "\n"
            }
        }
        return out
    }

    /// "2 images, 1 video", or "" when the message has no media.
    static func mediaSummary(images: Int, videos: Int) -> String {
        var parts: [String] = []
        if images > 0 { parts.append(images == 1 ? "1 image" : "\(images) images") }
        if videos > 0 { parts.append(videos == 1 ? "1 video" : "\(videos) videos") }
        return parts.joined(separator: ", ")
    }
}
