import FieldOpsCore
import FieldOpsTestSupport
import Foundation

/// Reading the emulator's lists and rows back, for the list-management tests.
extension ILTestBed {
    /// The live rows' data of `list`, oldest first, as the emulator stores them.
    func rowData(_ list: String) async throws -> [JSONValue] {
        try await state()["row_data"]?[list]?.arrayValue ?? []
    }

    /// The list `id` as the emulator's state shows it (id, title, parentId, folderId, isPublic).
    func storedList(_ id: String) async throws -> JSONValue? {
        try await state()["lists"]?.arrayValue?.first { $0["id"]?.stringValue == id }
    }

    /// Writes `text` in the home's scratch space and returns the path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = home.directory.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// How many requests `METHOD /path` the emulator received.
    func count(_ line: String) async throws -> Int {
        try await requestLines().filter { $0 == line }.count
    }
}
