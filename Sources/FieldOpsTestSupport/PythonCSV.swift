import Foundation

/// Reads CSV with python's `csv` module, the reference reader the output is checked against.
public enum PythonCSV {
    public static func parse(_ text: String) throws -> [[String]] {
        let script = "import csv, io, json, sys\nprint(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline='')))))"
        let result = try ProcessRunner.run("/usr/bin/env", arguments: ["python3", "-c", script], stdin: Data(text.utf8))
        return try JSONDecoder().decode([[String]].self, from: Data(result.stdout.utf8))
    }
}
