/// Where an ONU stands with its OLT, read from the OLT-STATE `"ONU States"` buckets (seed),
/// never from the ONU's own state document. An ONU in no bucket of any OLT is `unknown`.
public enum RegistrationState: String, Sendable, CaseIterable, Codable {
    case registered
    case unprovisioned
    case deregistered
    case disabled
    case dyingGasp = "dying-gasp"
    case unknown

    /// The bucket key in OLT-STATE `"ONU States"`; nil for `unknown`, which has no bucket.
    public var bucketKey: String? {
        switch self {
        case .registered: MCMSField.registered
        case .unprovisioned: MCMSField.unprovisioned
        case .deregistered: MCMSField.deregistered
        case .disabled: MCMSField.disabled
        case .dyingGasp: MCMSField.dyingGasp
        case .unknown: nil
        }
    }

    /// The states that have a bucket, in the order MCMS lists them.
    public static let bucketed: [RegistrationState] = [.registered, .unprovisioned, .deregistered, .disabled, .dyingGasp]

    /// The word used on the command line and in tables (`dying-gasp`).
    public var word: String { rawValue }
}
