import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// `Subprocess`: the one way the program starts another program (editors, hooks, passphrase
/// commands, doctor's tools, extensions).
@Suite struct SubprocessTests {
    private func shell(_ script: String, environment: [String: String]? = nil) throws -> Subprocess.Result {
        var process = Subprocess("/bin/sh", arguments: ["-c", script], environment: environment)
        process.stdin = .null
        process.stdout = .capture
        process.stderr = .capture
        return try process.run()
    }

    @Test func exitStatusAndBothStreams() throws {
        let result = try shell("printf out; printf err >&2; exit 3")
        #expect(result.status == 3)
        #expect(result.signal == nil)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "out")
        #expect(String(decoding: result.stderr, as: UTF8.self) == "err")
    }

    /// A program that fills one pipe while fieldops would be waiting on the other never blocks.
    @Test func largeOutputOnBothStreamsAtOnce() throws {
        let result = try shell("head -c 1000000 /dev/zero; head -c 700000 /dev/zero >&2; head -c 300000 /dev/zero")
        #expect(result.status == 0)
        #expect(result.stdout.count == 1_300_000)
        #expect(result.stderr.count == 700_000)
    }

    @Test func aSignalIsReportedAsAShellDoes() throws {
        let result = try shell("kill -TERM $$")
        #expect(result.signal == SIGTERM)
        #expect(result.status == 128 + SIGTERM)
    }

    @Test func theEnvironmentIsExactlyTheOneGiven() throws {
        let result = try shell("printf '%s|%s' \"$ONLY\" \"${HOME-unset}\"", environment: ["ONLY": "this one"])
        #expect(String(decoding: result.stdout, as: UTF8.self) == "this one|unset")
    }

    /// A hook, an editor or a passphrase command never sees the keyring passphrase, a password
    /// or a token, whether the environment is given or fieldops' own; an extension does.
    @Test(arguments: [false, true])
    func secretVariablesStayWithFieldops(passesSecrets: Bool) throws {
        let environment = [
            "FIELDOPS_KEYRING_PASSPHRASE": "Sjøgata-hemmelig", "FIELDOPS_PASSWORD": "Åse-passord", "FIELDOPS_TOKEN": "tok-“42”",
            "FIELDOPS_PROFILE": "ålesund", "LANG": "nb_NO.UTF-8",
        ]
        var process = Subprocess("/bin/sh", arguments: ["-c", "env"], environment: environment)
        process.stdout = .capture
        process.passesSecrets = passesSecrets
        let seen = String(decoding: try process.run().stdout, as: UTF8.self)
        #expect(seen.contains("FIELDOPS_PROFILE=ålesund") && seen.contains("LANG=nb_NO.UTF-8"))
        for secret in ["Sjøgata-hemmelig", "Åse-passord", "tok-“42”"] {
            #expect(seen.contains(secret) == passesSecrets, "\(secret) in \(seen)")
        }
    }

    @Test(.inItsOwnProcess(environment: ["FIELDOPS_TOKEN": "tok-of-the-test-process"]))
    func secretVariablesOfFieldopsOwnEnvironmentStayToo() throws {
        let seen = String(decoding: try shell("env").stdout, as: UTF8.self)
        #expect(seen.contains("PATH="), "the rest of the environment is passed on")
        #expect(!seen.contains("tok-of-the-test-process"))
    }

    @Test func standardInputCanBeNothing() throws {
        let result = try shell("wc -c")
        #expect(String(decoding: result.stdout, as: UTF8.self).trimmingWhitespace() == "0")
    }

    /// The child starts with no signal blocked and none ignored, whatever fieldops blocks or
    /// ignores (SIGINT and SIGTERM while a command runs) — but glibc's two internal signals (32
    /// and 33), which its posix_spawn leaves ignored for any program.
    @Test(.inItsOwnProcess) func theChildStartsWithDefaultSignals() throws {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        sigaddset(&blocked, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let quit = signal(SIGQUIT, SIG_IGN)
        let realTime = signal(40, SIG_IGN)  // a real-time signal
        defer {
            signal(SIGQUIT, quit)
            signal(40, realTime)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        let result = try shell("grep -E '^Sig(Blk|Ign):' /proc/self/status")
        let masks = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.split(separator: "\t").last.flatMap { UInt64($0, radix: 16) }
        }
        #expect(masks.count == 2)
        let glibcInternal: UInt64 = 1 << 31 | 1 << 32
        for mask in masks {
            #expect(mask & ~glibcInternal == 0, "\(String(mask, radix: 16))")
        }
    }

    /// The program's own descriptors are not passed on (only the three standard ones).
    @Test func noOtherDescriptorIsInherited() throws {
        let result = try shell("ls /proc/self/fd | wc -l")
        // 0, 1, 2 and the one ls opens to list the directory.
        #expect(String(decoding: result.stdout, as: UTF8.self).trimmingWhitespace() == "4")
    }

    @Test func aProgramThatCannotStartSaysWhy() {
        #expect {
            try Subprocess("/nonexistent/program", arguments: []).run()
        } throws: { error in
            (error as? Subprocess.StartFailure)?.reason == "No such file or directory"
        }
    }
}
