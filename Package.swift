// swift-tools-version:6.0
import PackageDescription

/// C libraries come from Debian's -dev packages, found through pkg-config.
func systemLibrary(_ name: String, pkgConfig: String?, apt: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(apt)])
}

/// Release builds call generic types' metadata accessors directly instead of handing the Swift
/// runtime a mangled type name to demangle on each type's first use: the runtime then neither
/// decodes the name nor looks up the conformances a generic type requires (a scan of every
/// conformance record in the binary for each new type and protocol pair), which the code has
/// at hand. `fieldops api`: 20.1M -> 18.7M instructions, 26 fewer page faults, `--help` 0.1 ms
/// less, for 0.1 MB of code (README, "Start-up").
let directMetadataAccess: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
]

let package = Package(
    name: "fieldops",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "fieldops", targets: ["fieldops"]),
        .library(name: "FieldOpsCore", targets: ["FieldOpsCore"]),
        // For the fuzz targets in Tests/Fuzz, a separate package that depends on this one.
        .library(name: "JQC", targets: ["JQC"]),
        .library(name: "MCMS", targets: ["MCMS"]),
        .library(name: "InterlinedList", targets: ["InterlinedList"]),
    ],
    targets: [
        // libcurl is not linked: Sources/CCurl/shim.h loads it with dlopen() on the first HTTP
        // request, so local commands start without mapping it and its ~30 dependencies. Only its
        // headers are needed to build (the same -dev package; `make deps` checks for it).
        systemLibrary("CCurl", pkgConfig: nil, apt: ["libcurl4-openssl-dev"]),
        // Nor is libsqlite3 (Sources/CSQLite/shim.h): loaded on the first store opened.
        systemLibrary("CSQLite", pkgConfig: nil, apt: ["libsqlite3-dev"]),
        systemLibrary("CYAML", pkgConfig: "yaml-0.1", apt: ["libyaml-dev"]),
        // Nor is libsodium (Sources/CSodium/shim.h): loaded when a keyring is encrypted or unlocked.
        systemLibrary("CSodium", pkgConfig: nil, apt: ["libsodium-dev"]),
        // SHA-256 from OpenSSL's libcrypto (libcurl's TLS library), loaded with dlopen on the
        // first hash; libsodium's when it cannot be (no headers needed: CCrypto/shim.h).
        systemLibrary("CCrypto", pkgConfig: nil, apt: ["libssl3"]),
        // The public-suffix list for cookie domains; loaded with dlopen like libcurl (headers only).
        systemLibrary("CPSL", pkgConfig: nil, apt: ["libpsl-dev"]),
        // Line editing and history for prompts; loaded with dlopen on the first prompt (headers only).
        systemLibrary("CEdit", pkgConfig: nil, apt: ["libedit-dev"]),
        // JQC's full-screen form and its signature PNGs; both loaded with dlopen by `inspect
        // fill`/`sign` only, so no other command maps them (headers only).
        systemLibrary("CNcurses", pkgConfig: nil, apt: ["libncurses-dev"]),
        systemLibrary("CPNG", pkgConfig: nil, apt: ["libpng-dev"]),
        // rtnetlink constants and structures (kernel headers only; nothing to link).
        systemLibrary("CNetlink", pkgConfig: nil, apt: ["linux-libc-dev"]),
        // syncfs(2), which glibc declares only under _GNU_SOURCE (libc itself; nothing to install).
        systemLibrary("CLinuxFS", pkgConfig: nil, apt: ["libc6-dev"]),
        // signalfd(2) and posix_spawn_file_actions_addclosefrom_np(3) (libc itself; nothing to install).
        systemLibrary("CGlibcExtras", pkgConfig: nil, apt: ["libc6-dev"]),
        // The version `git describe` gave at build time (`make build-info` writes build-info.h).
        .target(name: "CFieldOpsBuild"),
        .target(
            name: "FieldOpsCore",
            dependencies: ["CCurl", "CSQLite", "CYAML", "CSodium", "CCrypto", "CFieldOpsBuild", "CPSL", "CEdit", "CGlibcExtras"],
            swiftSettings: directMetadataAccess
        ),
        .executableTarget(
            name: "fieldops",
            dependencies: ["FieldOpsCore", "JQC", "MCMS", "InterlinedList"],
            swiftSettings: directMetadataAccess,
            // Start-up of the release binary (Linux, static Swift runtime): the C++ runtime linked
            // in (packaging/link/libstdc++.so says why), and the program's own ~9,600 Swift symbols
            // kept out of its dynamic symbol table, which the static runtime's `-export-dynamic`
            // fills though nothing looks them up, and which every start searches (dladdr(3) in the
            // Swift runtime's start-up) and maps.
            linkerSettings: [
                .unsafeFlags(
                    ["-L", Context.packageDirectory + "/packaging/link", "-Xlinker", "--no-export-dynamic"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        .executableTarget(
            name: "fieldops-bench",
            dependencies: ["FieldOpsCore", "MCMS"],
            path: "Sources/FieldOpsBench"
        ),
        .target(
            name: "FieldOpsTestSupport",
            dependencies: ["FieldOpsCore", "CGlibcExtras"]
        ),
        .testTarget(
            name: "FieldOpsCoreTests",
            dependencies: ["FieldOpsCore", "FieldOpsTestSupport"],
            exclude: ["CLI/__Snapshots__"]
        ),
        // The end-to-end tests, apart from the unit tests: the emulators, the whole program in
        // process and the real `fieldops` binary. Each depends on the executable, so `swift test`
        // builds what they run (FieldOpsBinary.path: the binary beside the test bundle).
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["fieldops", "FieldOpsCore", "FieldOpsTestSupport"]
        ),
        .plugin(
            name: "GenerateCompletions",
            capability: .command(
                intent: .custom(verb: "generate-completions", description: "Regenerate completions/ from the built fieldops binary"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "Writes completions/fieldops.bash, completions/_fieldops and completions/fieldops.fish")
                ]
            )
        ),
        .plugin(
            name: "GenerateManual",
            capability: .command(
                intent: .custom(verb: "generate-manual", description: "Write man pages for every command (default: man/)"),
                permissions: [.writeToPackageDirectory(reason: "Writes one man page per command into man/ (or --output DIR)")]
            )
        ),
        .target(
            name: "JQC",
            dependencies: ["FieldOpsCore", "CNetlink", "CNcurses", "CPNG"],
            swiftSettings: directMetadataAccess
        ),
        .testTarget(
            name: "JQCTests",
            dependencies: ["JQC", "FieldOpsTestSupport"]
        ),
        .testTarget(
            name: "JQCEndToEndTests",
            dependencies: ["fieldops", "JQC", "FieldOpsTestSupport"]
        ),
        .target(
            name: "MCMS",
            dependencies: ["FieldOpsCore", "CGlibcExtras"],
            swiftSettings: directMetadataAccess
        ),
        .testTarget(
            name: "MCMSTests",
            dependencies: ["MCMS", "FieldOpsTestSupport"]
        ),
        .testTarget(
            name: "MCMSEndToEndTests",
            dependencies: ["fieldops", "MCMS", "FieldOpsTestSupport"]
        ),
        .target(
            name: "InterlinedList",
            dependencies: ["FieldOpsCore", "CLinuxFS"],
            swiftSettings: directMetadataAccess
        ),
        .testTarget(
            name: "InterlinedListTests",
            dependencies: ["InterlinedList", "FieldOpsTestSupport"]
        ),
        .testTarget(
            name: "InterlinedListEndToEndTests",
            dependencies: ["fieldops", "InterlinedList", "FieldOpsTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
