import FieldOpsCore
import Foundation

/// A throw-away certificate authority and a server certificate for 127.0.0.1, made with the
/// `openssl` command line in a temp directory (so TLS tests exercise real verification).
public struct TestCertificates: Sendable {
    public let directory: URL
    /// The CA certificate (PEM) that signed `serverCertificate`.
    public var caFile: String { directory.appendingPathComponent("ca.pem").path }
    public var serverCertificate: String { directory.appendingPathComponent("server.pem").path }
    public var serverKey: String { directory.appendingPathComponent("server-key.pem").path }

    /// Creates a CA named `name` and a server certificate it signs for `127.0.0.1`/`localhost`,
    /// valid for `days` days from now (`-1`: it expired a day ago).
    /// `names` are the server certificate's subject alternative names.
    public static func generate(
        name: String = "fieldops test CA", days: Int = 2, names: [String] = ["IP:127.0.0.1", "DNS:localhost"]
    ) throws -> TestCertificates {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fieldops-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificates = TestCertificates(directory: directory)
        let dir = directory.path
        try run([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", String(max(days, 2)), "-subj", "/CN=\(name)",
            "-keyout", "\(dir)/ca-key.pem", "-out", "\(dir)/ca.pem",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ])
        try run([
            "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
            "-keyout", "\(dir)/server-key.pem", "-out", "\(dir)/server.csr",
        ])
        try "subjectAltName=\(names.joined(separator: ","))\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: "\(dir)/server.ext", atomically: true, encoding: .utf8)
        try run([
            "x509", "-req", "-in", "\(dir)/server.csr", "-CA", "\(dir)/ca.pem", "-CAkey", "\(dir)/ca-key.pem",
            "-CAcreateserial", "-days", String(days), "-extfile", "\(dir)/server.ext", "-out", "\(dir)/server.pem",
        ])
        return certificates
    }

    /// One CA and server certificate (`generate`'s, valid a year) for the whole test process,
    /// made on first use and removed when the process exits: TLS emulators that serve it are
    /// pooled like any other. A test that needs another one (expired, other names, another CA)
    /// generates its own, and its emulator is a process of its own.
    public static var shared: TestCertificates {
        get throws { try sharedCertificates.get() }
    }

    private static let sharedCertificates = Result {
        let certificates = try generate(days: 365)
        sharedDirectory.withLock { $0 = certificates.directory.path }
        atexit {
            if let path = TestCertificates.sharedDirectory.withLock({ $0 }) {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        return certificates
    }
    private static let sharedDirectory = Locked<String?>(nil)

    /// Whether these are the process's `shared` certificates (which no test removes).
    public var isShared: Bool {
        TestCertificates.sharedDirectory.withLock { $0 } == directory.path
    }

    /// The CA written next to a server certificate made by `generate`, if there is one.
    public static func caFile(forServerCertificate path: String) -> String? {
        let ca = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("ca.pem").path
        return FileManager.default.fileExists(atPath: ca) ? ca : nil
    }

    /// Removes the directory (never the `shared` one's, which goes when the process exits).
    public func remove() {
        guard !isShared else { return }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try? errors.fileHandleForWriting.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        try? errors.fileHandleForReading.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestSupportError("openssl \(arguments.first ?? "") failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}

/// A failure inside a test helper (not of the code under test).
public struct TestSupportError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
