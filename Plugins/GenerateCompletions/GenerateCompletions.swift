import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-completions`
///
/// Builds the `fieldops` product, runs `fieldops completion bash|zsh|fish` and writes the scripts
/// to `completions/` (or `--output DIR`) (`fieldops.bash`, `_fieldops`, `fieldops.fish`), the files that are checked in.
@main
struct GenerateCompletions: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let output = extractor.extractOption(named: "output").last ?? "completions"
        let executable = try buildFieldops(packageManager: packageManager)
        let directory = output.hasPrefix("/") ? URL(fileURLWithPath: output) : context.package.directoryURL.appendingPathComponent(output)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (shell, fileName) in [("bash", "fieldops.bash"), ("zsh", "_fieldops"), ("fish", "fieldops.fish")] {
            let script = try runCapturing(executable, ["completion", shell])
            // Every generated script calls `fieldops __complete`; anything else is not a script.
            guard String(decoding: script, as: UTF8.self).contains("__complete") else {
                throw PluginFailure("'fieldops completion \(shell)' did not print a completion script")
            }
            let file = directory.appendingPathComponent(fileName)
            try script.write(to: file, options: .atomic)
            print("wrote \(output)/\(fileName)")
        }
    }
}

/// Builds the `fieldops` product (debug) and returns its executable.
func buildFieldops(packageManager: PackageManager) throws -> URL {
    let result = try packageManager.build(.product("fieldops"), parameters: .init(configuration: .debug, logging: .concise))
    guard result.succeeded else {
        throw PluginFailure("building fieldops failed:\n" + result.logText)
    }
    guard let artifact = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "fieldops" }) else {
        throw PluginFailure("the build produced no fieldops executable")
    }
    return artifact.url
}

/// Runs a program and returns its standard output; a non-zero exit is an error carrying its stderr.
func runCapturing(_ executable: URL, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw PluginFailure(
            "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): \(errorText)")
    }
    return data
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
