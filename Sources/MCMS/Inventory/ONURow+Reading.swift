import FieldOpsCore

extension ONURow {
    /// What `init(state:)` makes of an ONU-STATE document, with the document's string `_id`,
    /// read straight from a page's text: no tree, no `String` for a key or a timestamp. Only the
    /// fields of `MCMSField.onuListProjection` are looked at, as `init(state:)` does.
    /// `ONUStateReadingTests` holds the two to the same rows over awkward documents.
    public static func read(state reader: inout JSONReader) throws(JSONReader.Declined) -> (id: String?, item: ONURow?) {
        var id: String?
        var time: MongoTimestamp?
        var onlineTime: MongoTimestamp?
        var pointer: JSONValue?
        var versions: (String?, String?)
        var model: String?
        var oltMAC: String?
        var rxOptical: JSONNumber?
        var fecUncorrectable: JSONNumber?
        func stamp(_ reader: inout JSONReader) throws(JSONReader.Declined) -> MongoTimestamp? {
            try reader.string(MongoTimestamp.init(utf8:)) ?? nil
        }
        let isObject = try reader.object { (reader, key) throws(JSONReader.Declined) in
            if key == "_id" {
                id = try reader.string()
            } else if key == "Time" {
                time = try stamp(&reader)
            } else if key == "ONU" {
                _ = try reader.object { (reader, key) throws(JSONReader.Declined) in
                    if key == "Online Time" {
                        onlineTime = try stamp(&reader)
                    } else if key == "FW Bank Ptr" {
                        pointer = try reader.value()
                    } else if key == "FW Bank Versions" {
                        versions = try ONURow.bankVersions(&reader)
                    } else if key == "Model" {
                        model = try reader.string()
                    }
                }
            } else if key == "OLT" {
                _ = try reader.object { (reader, key) throws(JSONReader.Declined) in
                    if key == "MAC Address" { oltMAC = try reader.string() }
                }
            } else if key == "STATS" {
                _ = try reader.object { (reader, key) throws(JSONReader.Declined) in
                    if key == "RX Optical Level" {
                        rxOptical = try reader.number()
                    } else if key == "FEC Uncorrectable" {
                        fecUncorrectable = try reader.number()
                    }
                }
            }
        }
        guard isObject, let id else { return (id: nil, item: nil) }
        let active = FirmwareBankIndex(pointer)
        let row = ONURow(
            id: id, oltMAC: oltMAC, activeVersion: active.flatMap { $0.rawValue == 0 ? versions.0 : versions.1 },
            activeBank: active, unusablePointer: active == nil ? pointer.map(displayText) : nil,
            uptime: Uptime(time: time, onlineTime: onlineTime), rxOptical: rxOptical, hasState: true, model: model,
            fecUncorrectable: fecUncorrectable)
        return (id: id, item: row)
    }

    /// `"FW Bank Versions": ["R4.2.0", "R4.3.1"]` read in place: the two banks' versions (nil
    /// where a bank's is missing or not a string).
    static func bankVersions(_ reader: inout JSONReader) throws(JSONReader.Declined) -> (String?, String?) {
        var versions: (String?, String?)
        var index = 0
        _ = try reader.array { (element) throws(JSONReader.Declined) in
            if index == 0 { versions.0 = try element.string() }
            if index == 1 { versions.1 = try element.string() }
            index += 1
        }
        return versions
    }
}
