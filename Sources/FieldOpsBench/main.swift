import FieldOpsCore
import Foundation

// fieldops-bench: drives the HTTP core for bench/http.sh and prints one line of figures.
//   fieldops-bench get    --url URL [--count 2000] [--concurrency 1]
//   fieldops-bench upload --url URL --file PATH

let arguments = BenchArguments(CommandLine.arguments.dropFirst())
do {
    switch arguments.command {
    case "get":
        try await BenchGet.run(
            url: arguments.require("url"), count: arguments.int("count", 2000), concurrency: arguments.int("concurrency", 1))
    case "upload":
        try await BenchUpload.run(url: arguments.require("url"), file: arguments.require("file"))
    default:
        throw FieldOpsError.usage("usage: fieldops-bench get|upload --url URL [--count N] [--concurrency N] [--file PATH]")
    }
} catch let error as any UserFacingError {
    FileHandle.standardError.write(Data("fieldops-bench: \(error.summary)\n".utf8))
    exit(error.exitCode.rawValue)
}
