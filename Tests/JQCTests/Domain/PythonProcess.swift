import FieldOpsTestSupport
import Foundation

/// Runs python3 (the independent reference) with JSON on stdin and returns its stdout.
enum PythonProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The directory holding this file.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func run(_ arguments: [String], stdin: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Write from another thread so a large input cannot deadlock against a full stdout pipe.
        let writer = Thread {
            input.fileHandleForWriting.write(stdin)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitForExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 exited \(process.terminationStatus): \(String(decoding: err, as: UTF8.self))")
        }
        return out
    }
}
