import FieldOpsCore
import Foundation

// fieldops-bench: drives the HTTP core for bench/http.sh and prints one line of figures.
//   fieldops-bench get    --url URL [--count 2000] [--concurrency 1]
//   fieldops-bench upload --url URL --file PATH
//   fieldops-bench history-fill --store PATH [--onus 10000] [--hourly-days 23] [--raw-days 7] --end ISO

let arguments = BenchArguments(CommandLine.arguments.dropFirst())
do {
    switch arguments.command {
    case "get":
        try await BenchGet.run(
            url: arguments.require("url"), count: arguments.int("count", 2000), concurrency: arguments.int("concurrency", 1))
    case "upload":
        try await BenchUpload.run(url: arguments.require("url"), file: arguments.require("file"))
    case "history-fill":
        guard let end = Timestamp.milliseconds(try arguments.require("end")) else {
            throw FieldOpsError.usage("--end takes an ISO 8601 instant")
        }
        try BenchHistory.fill(
            store: arguments.require("store"), onus: arguments.int("onus", 10_000), hourlyDays: arguments.int("hourly-days", 23),
            rawDays: arguments.int("raw-days", 7), end: end)
    default:
        throw FieldOpsError.usage("usage: fieldops-bench get|upload|history-fill (see the head of main.swift)")
    }
} catch let error as any UserFacingError {
    FileHandle.standardError.write(Data("fieldops-bench: \(error.summary)\n".utf8))
    exit(error.exitCode.rawValue)
}
