import FoundationEssentials

/// One certificate of the chain a TLS server presented, as libcurl reports it (`CURLOPT_CERTINFO`).
///
/// Only collected when a request asks for it (`HTTPRequest.collectsCertificates`): `fieldops
/// doctor` shows the subject, the issuer and the days left before expiry.
public struct TLSCertificate: Sendable, Equatable {
    /// Every `Name:value` line libcurl gave, by name (`Subject`, `Issuer`, `Expire date`, …).
    public var fields: [String: String]

    public init(fields: [String: String]) {
        self.fields = fields
    }

    /// Parses libcurl's `Name:value` lines; a line without a colon is ignored.
    public init(lines: [String]) {
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...])
        }
        self.fields = fields
    }

    public var subject: String? { fields["Subject"] }
    public var issuer: String? { fields["Issuer"] }

    /// The end of the validity period (OpenSSL's `Mar  4 09:30:00 2027 GMT`, or the
    /// `2027-03-04 09:30:00 GMT` other TLS libraries print).
    public var expires: Date? { fields["Expire date"].flatMap(Self.parseDate) }

    static func parseDate(_ text: String) -> Date? {
        let words = text.split(separator: " ").map(String.init)
        var year: Int?
        var month: Int?
        var day: Int?
        var clock: [Int] = []
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        for word in words {
            if let index = months.firstIndex(of: word) {
                month = index + 1
            } else if word.contains(":") {
                clock = word.split(separator: ":").compactMap { Int($0) }
            } else if word.contains("-") {
                let parts = word.split(separator: "-").compactMap { Int($0) }
                if parts.count == 3 { (year, month, day) = (parts[0], parts[1], parts[2]) }
            } else if let number = Int(word) {
                if number > 31 { year = number } else { day = number }
            }
        }
        // The clock is range-checked too: `99999999999999999:00:00` must not overflow below.
        guard let year, let month, let day, (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year),
            clock.count == 3, (0..<24).contains(clock[0]), (0..<60).contains(clock[1]), (0...60).contains(clock[2])
        else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        let seconds = Double(days) * 86_400 + Double(clock[0] * 3600 + clock[1] * 60 + clock[2])
        return Date(timeIntervalSince1970: seconds)
    }
}
