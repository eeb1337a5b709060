import FieldOpsCore
import FieldOpsTestSupport
import Foundation

/// The backends the core command tests register: two instances of the test backend under
/// different names, so "a profile of the wrong backend" can be tested.
let testBackends: [any Backend] = [
    WidgetBackend(),
    WidgetBackend(name: "gadget", aliases: [], summary: "Gadgets, for tests.", profileKeys: []),
]

/// Every file under `directory` with its bytes and mode, to prove a failing command changed nothing.
/// Lock files (`*.lock`) hold no data and are left out.
func snapshot(of directory: String) -> [String: String] {
    var files: [String: String] = [:]
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return files }
    for case let relative as String in walker {
        let path = directory + "/" + relative
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            !relative.hasSuffix(".lock")
        else { continue }
        let data = FileManager.default.contents(atPath: path) ?? Data()
        let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        files[relative] = "\(mode):" + data.base64EncodedString()
    }
    return files
}

let sampleConfig = """
    # Sites I work on
    default_profile: north
    profiles:
      north:            # the main widget server
        backend: widget
        base_url: https://widgets.example.com
        username: wendy
        shelf: top
      south:
        backend: gadget
        base_url: https://gadgets.example.com

    """
