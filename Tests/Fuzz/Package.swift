// swift-tools-version:5.4
// 5.4 on purpose: from tools version 5.5 on, SwiftPM links every ELF executable with
// `--defsym main=<Target>_main` (so tests can link executables), a symbol that
// `-parse-as-library` never emits — the link fails. Below 5.5 it leaves `main` alone, and
// libFuzzer's own `main` (from `-sanitize=fuzzer`) drives `LLVMFuzzerTestOneInput`.
// The harnesses are still compiled in Swift 6 mode (`-swift-version 6`).
//
// Build and run with `bash Tests/Fuzz/run.sh [SECONDS]` (or `make fuzz`); by hand:
//   swift build --package-path Tests/Fuzz --scratch-path Tests/Fuzz/.build -c debug \
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
import PackageDescription

let swift6: [SwiftSetting] = [.unsafeFlags(["-swift-version", "6"])]

/// One executable per parser, each linking only the modules it fuzzes.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "fieldops") },
        swiftSettings: swift6)
}

let package = Package(
    name: "fieldops-fuzz",
    dependencies: [
        .package(name: "fieldops", path: "../..")
    ],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "FieldOpsCore", package: "fieldops")], swiftSettings: swift6),
        fuzzTarget("FuzzJSON", ["FieldOpsCore"]),
        fuzzTarget("FuzzYAMLConfig", ["FieldOpsCore"]),
        fuzzTarget("FuzzSetCookie", ["FieldOpsCore"]),
        fuzzTarget("FuzzKeyring", ["FieldOpsCore"]),
        fuzzTarget("FuzzTimestamps", ["FieldOpsCore", "JQC", "MCMS", "InterlinedList"]),
        fuzzTarget("FuzzAnswers", ["FieldOpsCore", "JQC"]),
        fuzzTarget("FuzzMCMSDocuments", ["FieldOpsCore", "MCMS"]),
        fuzzTarget("FuzzLineMerge", ["FieldOpsCore", "InterlinedList"]),
    ]
)
