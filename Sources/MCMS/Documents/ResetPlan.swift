import FieldOpsCore

/// A device reset as MCMS models it: the config document with `"Reset Count"` one higher.
public struct ResetPlan: Sendable, Equatable {
    public var deviceID: String
    public var oldCount: UInt64
    public var newCount: UInt64
    /// The document to PUT; only the reset count differs from what was fetched.
    public var document: JSONValue

    /// Builds the plan from the fetched config; `section` is `ONU` or `OLT`.
    public init(deviceID: String, section: String, config: JSONValue) throws(FieldOpsError) {
        let path: [JSONPathComponent] = [.key(section), .key(MCMSField.resetCount)]
        guard let number = config.value(at: path)?.numberValue, let count = number.uint64, number.isIntegerLexeme else {
            throw FieldOpsError(
                "\(deviceID): configuration has no integer \(section).\"\(MCMSField.resetCount)\"; refusing to reset",
                hint: "inspect the document: fieldops mcms \(section.lowercased()) config \(deviceID) --json")
        }
        guard count < UInt64.max else {
            throw FieldOpsError("\(deviceID): \(section).\"\(MCMSField.resetCount)\" is at its maximum; refusing to reset")
        }
        var document = config
        do {
            try document.set(.number(JSONNumber(count + 1)), at: path)
        } catch {
            throw FieldOpsError(error.summary)
        }
        self.deviceID = deviceID
        oldCount = count
        newCount = count + 1
        self.document = document
    }
}
