import FieldOpsCore

/// `--verify-timeout`, `--verify-poll` and `--no-verify`, as every activating command declares them.
struct VerifyOptions: Sendable {
    static let defaultTimeout = 600.0
    static let defaultDevicePeriod = 5.0

    static let specs: [OptionSpec] = [
        OptionSpec(
            "verify-timeout", value: .duration, valueName: "DURATION",
            help: "How long an ONU may take to boot the new bank and register again (default 10m)."),
        OptionSpec(
            "verify-poll", value: .duration, valueName: "DURATION",
            help:
                "Each ONU being verified costs at most one state request per DURATION (default 5s, at least 1s); all of them are read in one list request."
        ),
        .flag("no-verify", help: "Write and return; do not wait for the ONU to come back on the new bank."),
    ]

    var enabled: Bool
    var settings: ActivationWatch.Settings

    init(_ invocation: Invocation) throws(FieldOpsError) {
        enabled = !invocation.flag("no-verify")
        let timeout = invocation.seconds("verify-timeout") ?? Self.defaultTimeout
        let period = invocation.seconds("verify-poll") ?? Self.defaultDevicePeriod
        guard timeout > 0 else { throw FieldOpsError.usage("--verify-timeout must be longer than 0s") }
        guard period >= 1 else {
            throw FieldOpsError.usage(
                "--verify-poll must be at least 1s, not \(invocation.value("verify-poll") ?? "")",
                hint: "polling a shared appliance faster than that is load on every other user")
        }
        settings = ActivationWatch.Settings(timeout: timeout, devicePeriod: period, minimumTick: 1)
    }
}
