import FieldOpsCore

/// Every document key fieldops reads or writes in MCMS documents, in one table.
///
/// MCMS is a Django REST application over MongoDB whose documents use space-separated,
/// capitalised keys. A deployment that names a field differently is an edit here and nowhere
/// else; every other key of a document is kept raw and written back untouched.
public enum MCMSField {
    // MARK: Document keys
    public static let id = "_id"
    public static let time = "Time"
    public static let onu = "ONU"
    public static let olt = "OLT"
    public static let stats = "STATS"
    public static let name = "Name"
    public static let onlineTime = "Online Time"
    public static let fwBankPtr = "FW Bank Ptr"
    public static let fwBankVersions = "FW Bank Versions"
    public static let fwBankFiles = "FW Bank Files"
    public static let fwVersion = "FW Version"
    public static let vendor = "Vendor"
    public static let equipmentID = "Equipment ID"
    public static let model = "Model"
    public static let macAddress = "MAC Address"
    public static let resetCount = "Reset Count"
    public static let rxOptical = "RX Optical Level"
    public static let txOptical = "TX Optical Level"
    public static let fecCorrected = "FEC Corrected"
    public static let fecUncorrectable = "FEC Uncorrectable"
    public static let rxRate = "RX Rate bps"
    public static let txRate = "TX Rate bps"
    /// UNI ports are top-level keys `UNI-ETH 1`, `UNI-ETH 2`, … of the ONU-STATE document.
    public static let uniPortPrefix = "UNI-ETH "
    public static let link = "Link"
    public static let speed = "Speed"
    public static let onuStates = "ONU States"
    public static let environment = "Environment"
    public static let temperature = "Temperature C"
    public static let uplink = "Uplink"
    public static let alarms = "Alarms"
    public static let severity = "Severity"
    public static let message = "Message"
    public static let serial = "Serial"
    public static let omciVersion = "OMCI Version"
    public static let ponPort = "PON Port"
    /// The ONU's number on its PON port, in ONU-STATE `OLT`.
    public static let onuIDOnPort = "ONU ID"
    public static let voltage = "Voltage V"
    public static let bias = "Bias mA"
    public static let bipErrors = "BIP Errors"
    /// ONU-CFG `ONU.Enable`: false takes the ONU out of service.
    public static let enable = "Enable"
    /// ONU-CFG `ONU."Custom Note"`: a string, or null for none.
    public static let customNote = "Custom Note"
    /// ONU-STATE `ONU."FW Upgrade"`: `{"Status", "Progress", "Failure"}` while an image is
    /// fetched and booted; older appliances omit it.
    public static let fwUpgrade = "FW Upgrade"
    public static let upgradeStatus = "Status"
    public static let upgradeProgress = "Progress"
    public static let upgradeFailure = "Failure"

    // MARK: Registration buckets of OLT-STATE "ONU States"
    public static let registered = "Registered"
    public static let unprovisioned = "Unprovisioned"
    public static let deregistered = "Deregistered"
    public static let disabled = "Disabled"
    public static let dyingGasp = "Dying Gasp"

    // MARK: CPE DHCP entries
    public static let cpeMAC = "MAC"
    public static let cpeIPv4 = "IPv4"
    public static let cpeHostname = "Hostname"
    public static let cpeLeaseExpiry = "Lease Expiry"

    // MARK: Firmware file list
    public static let fileName = "filename"
    public static let fileVersion = "version"
    public static let fileModels = "models"

    // MARK: Envelope and login
    public static let status = "status"
    public static let data = "data"
    public static let details = "details"
    public static let detailsMessage = "message"
    public static let loginEmail = "email"
    public static let loginPassword = "password"

    // MARK: Paths used in edits
    public static let onuName: [JSONPathComponent] = [.key(onu), .key(name)]
    public static let oltName: [JSONPathComponent] = [.key(olt), .key(name)]
    public static let onuFWBankPtr: [JSONPathComponent] = [.key(onu), .key(fwBankPtr)]
    public static let onuEnable: [JSONPathComponent] = [.key(onu), .key(enable)]
    public static let onuCustomNote: [JSONPathComponent] = [.key(onu), .key(customNote)]
    public static func onuFWBankFile(_ bank: Int) -> [JSONPathComponent] { [.key(onu), .key(fwBankFiles), .index(bank)] }
    public static func onuFWBankVersion(_ bank: Int) -> [JSONPathComponent] { [.key(onu), .key(fwBankVersions), .index(bank)] }

    // MARK: Projections (Mongo dotted paths)

    /// Friendly names come from the config documents' `ONU.Name`, never `NETCONF.Name` (seed).
    public static let onuNameProjection = #"{"ONU.Name":1}"#
    public static let oltNameProjection = #"{"OLT.Name":1}"#
    /// Only what `onu list` shows and filters on, so a 10,000-ONU listing moves a fraction of
    /// the documents.
    public static let onuListProjection = """
        {"Time":1,"ONU.Online Time":1,"ONU.FW Bank Ptr":1,"ONU.FW Bank Versions":1,"ONU.Model":1,\
        "OLT.MAC Address":1,"STATS.RX Optical Level":1,"STATS.FEC Uncorrectable":1}
        """
    /// What the dashboard's health needs of each ONU state: the RX level only (registration
    /// comes from the OLT buckets).
    public static let onuDashboardProjection = #"{"STATS.RX Optical Level":1}"#
    /// What verifying an activation reads of each ONU being verified (one list request for all).
    public static let activationProjection = """
        {"Time":1,"ONU.Online Time":1,"ONU.FW Bank Ptr":1,"ONU.FW Bank Versions":1,"ONU.FW Upgrade":1,\
        "OLT.MAC Address":1}
        """
    /// What a rollout's plan reads of each selected ONU: model, banks and parent OLT.
    public static let rolloutPlanProjection = """
        {"ONU.Online Time":1,"ONU.FW Bank Ptr":1,"ONU.FW Bank Versions":1,"ONU.Model":1,"OLT.MAC Address":1}
        """
    /// The registration buckets alone.
    public static let bucketProjection = #"{"ONU States":1}"#
    /// The ids alone, to count devices that have a config document.
    public static let idProjection = #"{"_id":1}"#
    /// The severities alone, for counts (dashboard, `onu list --with-alarms`).
    public static let alarmSeverityProjection = #"{"Alarms.Severity":1}"#
    /// What matching alarms with silences needs: severity and name (the id comes with every document).
    public static let alarmSilenceProjection = #"{"Alarms.Severity":1,"Alarms.Name":1}"#
    /// What telling new alarms from those the recorder saw needs: their time too.
    public static let alarmNewsProjection = #"{"Alarms.Severity":1,"Alarms.Name":1,"Alarms.Time":1}"#
}
