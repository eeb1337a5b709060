import FieldOpsCore

/// How the store's problems are told to the person: the store reports what is wrong (a photo it
/// cannot take, a store file cut short), the command line words it, with what to do and the
/// exit code.
extension PhotoFiles.Problem: UserFacingError {
    var summary: String {
        switch self {
        case .missing(let path): "cannot attach \(path): no such file"
        case .notAFile(let path, let kind): "cannot attach \(path): it is \(kind), not a photo file"
        case .unreadable(let path): "cannot attach \(path): the file is not readable"
        case .notAnImage(let path): "cannot attach \(path): it is not a JPEG or PNG image"
        case .tooLarge(let path, let bytes):
            "cannot attach \(path): \(bytes / (1024 * 1024)) MB is over the server's \(PhotoFiles.maxBytes / (1024 * 1024)) MB photo limit"
        case .copyFailed(let path, let reason, _): "cannot copy \(path) into the store: \(reason)"
        }
    }

    var hint: String? {
        switch self {
        case .missing, .unreadable: nil
        case .notAFile: "name a JPEG or PNG file"
        case .notAnImage: "the server accepts only JPEG and PNG photos"
        case .tooLarge: "attach a smaller or more compressed photo"
        case .copyFailed(_, _, let directory): "check the free space and permissions of \(directory)"
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .missing, .notAFile, .notAnImage, .tooLarge: .usage
        case .unreadable, .copyFailed: .failure
        }
    }
}

extension JQCStore.TruncatedStore: UserFacingError {
    var summary: String {
        "the store \(path) is \(size) byte\(size == 1 ? "" : "s") long: it was cut short and holds no readable work; fieldops will not replace it"
    }

    var hint: String? {
        "restore it from a backup if you have one; to start an empty store instead, move it aside: mv '\(path)' '\(path).broken'"
    }

    var exitCode: ExitCode { .failure }
}

extension JQCError.NextStep {
    /// The step as the command line says it.
    var hint: String {
        switch self {
        case .edit(let id): "change it: fieldops jqc inspect fill \(id)"
        case .finishThenSubmit(let id): "finish or clear it in the form, then submit: fieldops jqc inspect fill \(id)"
        case .reinspect(let id): "follow it up: fieldops jqc inspect start --reinspect \(id)"
        case .syncFirst: "sync first (if the server refuses it, reopen it then): fieldops jqc sync"
        case .retry(let id): "re-queue it: fieldops jqc retry \(id)"
        case .showTemplate(let id): "see the fields: fieldops jqc templates show \(id)"
        case .showFacility(let id): "list the areas: fieldops jqc facilities show \(id)"
        case .typeMoreOfTheID: "type more of the local id; see them: fieldops jqc inspect list"
        case .describeTheIssue: "pass --description TEXT"
        }
    }
}
