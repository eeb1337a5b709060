/// The length check `il post` makes before sending, as the server counts: Unicode scalars.
public enum MessageLength {
    /// Throws `ILError.messageTooLong` when `text` is longer than `limit` (the profile's
    /// `maxMessageLength`, or the service default when the profile does not say).
    public static func check(_ text: String, limit: Int?) throws(ILError) {
        let limit = limit ?? ILUser.defaultMaxMessageLength
        let length = text.unicodeScalars.count
        if length > limit {
            throw ILError.messageTooLong(length: length, limit: limit)
        }
    }
}
