import FieldOpsCore

@testable import MCMS

/// Documents shaped like MCMS's, with the awkward parts the write path must preserve.
enum Fixtures {
    /// An ONU-CFG document with unknown keys, a 64-bit counter, decimals, an exponent, unicode and
    /// a null, in a key order no encoder would choose.
    static let configText = """
        {"_id":"ALPHe30cadcf","ONU":{"Name":"Ålesundsvegen 12 lgh 2","Reset Count":3,"FW Bank Ptr":0,\
        "FW Bank Files":["ALPH-R4.1.0.bin","ALPH-R4.2.0.bin"],"FW Bank Versions":["R4.1.0","R4.2.0"],\
        "Enable":true,"Location":{"Latitude":62.472100,"Longitude":6.154900},"Custom Note":null},\
        "NETCONF":{"Name":"ALPHe30cadcf","Template":"default"},\
        "SLA":{"Upstream CIR bps":500000000,"Downstream Max bps":18446744073709551615,"Weight":0.250},\
        "OPTICS":{"RX Low Threshold dBm":-28.00,"RX High Threshold dBm":-8.00},\
        "PM":{"Interval s":900,"Threshold Scale":1e3,"Counter Max":18446744073709551615},\
        "VLANs":[{"CVID":100,"SVID":1000,"Priority":0}],"zz Unknown":{"b":1,"a":[1.10,-0.0]}}
        """

    static func config(_ text: String = configText) throws -> JSONValue {
        try JSONValue(parsing: text)
    }

    static func stateText(
        id: String = "ALPHe30cadcf", pointer: String = "0", versions: String = #"["R4.1.0","R4.2.0"]"#,
        model: String = "AP-G2110", olt: String = "70:b3:d5:52:31:27"
    ) -> String {
        """
        {"_id":"\(id)","Time":"2026-06-01 12:00:00.500000","ONU":{"Online Time":"2026-05-30 09:30:00",\
        "FW Bank Ptr":\(pointer),"FW Bank Versions":\(versions),"Vendor":"ALPH","Equipment ID":"AP-G2110-SFU",\
        "Model":"\(model)"},"OLT":{"MAC Address":"\(olt)"},"STATS":{"RX Optical Level":-18.20,\
        "TX Optical Level":2.10,"FEC Corrected":18446744073709551615,"FEC Uncorrectable":0,\
        "RX Rate bps":123000000,"TX Rate bps":4500000},"UNI-ETH 1":{"Link":"Up","Speed":"1000-Full"},\
        "UNI-ETH 2":{"Link":"Down","Speed":""}}
        """
    }

    static func state(
        id: String = "ALPHe30cadcf", pointer: String = "0", versions: String = #"["R4.1.0","R4.2.0"]"#,
        model: String = "AP-G2110"
    ) throws -> ONUStateDocument {
        ONUStateDocument(try JSONValue(parsing: stateText(id: id, pointer: pointer, versions: versions, model: model)))
    }

    static let files = [
        FirmwareFile(filename: "ALPH-R4.2.0.bin", version: "R4.2.0", models: ["AP-G2110", "AP-G2425"]),
        FirmwareFile(filename: "ALPH-R4.3.1.bin", version: "R4.3.1", models: ["AP-G2110", "AP-G2425"]),
        FirmwareFile(filename: "ALPH-G2425-R5.0.0.bin", version: "R5.0.0", models: ["AP-G2425"]),
    ]

    static let upgrade = FirmwareTarget(file: "ALPH-R4.3.1.bin", version: "R4.3.1")
}
