import FieldOpsCore

/// ONU and OLT ids as the service keeps them, from whatever case a person types.
///
/// The service treats serials and MAC addresses as case-insensitive, but its documents are
/// keyed by one spelling — an ONU as its four-letter vendor id in capitals and its eight-digit
/// serial in lower-case hex (`ALPHe30cadcf`), an OLT as its MAC in lower-case hex with colons
/// (`70:b3:d5:52:31:27`) — and a lookup by another spelling finds nothing. Text of any other
/// shape is left as typed: an id this program does not know the form of is the server's to judge.
enum DeviceID {
    /// `alph0067DBA8` → `ALPH0067dba8`.
    static func onu(_ typed: String) -> String {
        let scalars = Array(typed.unicodeScalars)
        guard scalars.count == 12, scalars.allSatisfy(\.isASCII),
            scalars.prefix(4).allSatisfy({ $0.properties.isAlphabetic }),
            scalars.dropFirst(4).allSatisfy({ $0.properties.isASCIIHexDigit })
        else { return typed }
        return typed.prefix(4).uppercased() + typed.dropFirst(4).lowercased()
    }

    /// `70:B3:D5:52:31:27` or `70-b3-d5-52-31-27` → `70:b3:d5:52:31:27`.
    static func olt(_ typed: String) -> String {
        let groups = typed.split(separator: typed.contains("-") ? "-" : ":", omittingEmptySubsequences: false)
        guard groups.count == 6,
            groups.allSatisfy({ $0.utf8.count == 2 && $0.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) })
        else { return typed }
        return groups.map { $0.lowercased() }.joined(separator: ":")
    }
}

extension Invocation {
    /// The ONU id argument `name`, in the service's spelling.
    func onuID(_ name: String = "ID") throws(FieldOpsError) -> String { DeviceID.onu(try required(name)) }

    /// The OLT MAC argument `name`, in the service's spelling.
    func oltMAC(_ name: String = "MAC") throws(FieldOpsError) -> String { DeviceID.olt(try required(name)) }
}
