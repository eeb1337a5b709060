#if canImport(Glibc)
    import Glibc
#endif

/// A command's standard output could not be written: what was printed is incomplete, so the
/// command has not succeeded whatever it did before (a JSON document cut at 24 KB of 134 KB is
/// not a result).
public struct OutputWriteError: UserFacingError {
    /// The error number of the failed write(2).
    public var code: Int32

    public init(code: Int32) {
        self.code = code
    }

    public var summary: String {
        let reason = code == EBADF ? "it is closed" : String(cString: strerror(code))
        return "cannot write to standard output (\(reason)): what was printed is incomplete"
    }

    public var hint: String? {
        switch code {
        case ENOSPC, EDQUOT:
            return "free space on the disk that receives the output (or send it elsewhere), then run the command again"
        case EBADF:
            return "give the command somewhere to write (`> FILE`, or a pipe), then run it again"
        default:
            return "check the file or device that receives the output, then run the command again"
        }
    }

    public var exitCode: ExitCode { .failure }
}

/// How a broken standard output decides a command's exit status (see `FileDescriptorStream`).
///
/// A failed write stops the command (`InterruptHandler` cancels it), so whatever the command
/// then threw is that stop's consequence: the output's failure is what is said, alone.
enum OutputFailure {
    /// The error to report instead of the command's, and the status to exit with; nil while the
    /// output went through. A reader that went away is 141 and silence.
    static func outcome(stdout: TextStream) -> (error: OutputWriteError?, status: Int32)? {
        guard let code = stdout.writeFailure else { return nil }
        if code == EPIPE { return (nil, ExitCode.outputClosed.rawValue) }
        let error = OutputWriteError(code: code)
        return (error, error.exitCode.rawValue)
    }
}
