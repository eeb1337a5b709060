import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-manual [--output DIR]`
///
/// Builds the `fieldops` product and runs its hidden `fieldops __manual DIR` command, which
/// writes one man page per command (`fieldops.1`, `fieldops-jqc-sync.1`, …) into `DIR`
/// (default `man/` in the package directory).
@main
struct GenerateManual: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let output = extractor.extractOption(named: "output").last ?? "man"
        let directory = output.hasPrefix("/") ? URL(fileURLWithPath: output) : context.package.directoryURL.appendingPathComponent(output)
        let executable = try buildFieldops(packageManager: packageManager)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["__manual", directory.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("fieldops __manual \(directory.path) exited with \(process.terminationStatus)")
        }
        let pages = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".1") }
        guard !pages.isEmpty else {
            throw PluginFailure("fieldops __manual wrote no pages into \(directory.path)")
        }
        print("wrote \(pages.count) man pages to \(output)/")
    }
}

/// Builds the `fieldops` product (debug) and returns its executable.
///
/// Each plugin is its own module, so this small helper is repeated in GenerateCompletions.
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

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
