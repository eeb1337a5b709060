import FieldOpsCore
import FoundationEssentials

/// What one run of `il docs sync` will do to one document, decided before anything is written
/// so that the safety checks (an empty side, `--max-delete`) and `--dry-run` see the whole run.
struct DocSyncItem: Sendable {
    enum Remote: Sendable, Equatable {
        case none
        /// PATCH what is non-nil.
        case update(content: String?, title: String?, folder: FolderRef?)
        case create(title: String, content: String, folder: FolderRef)
        case delete
    }

    enum Local: Sendable, Equatable {
        case none
        /// Write `content` at the item's `path`, moving the file from `from` first if given.
        case write(content: String, from: String?)
        /// Rename the file from `from` to the item's `path`, content unchanged.
        case move(from: String)
        /// Remove the file at `from`.
        case delete(from: String)
    }

    enum Kind: String, Sendable, Encodable {
        case uploaded, downloaded
        case updatedRemote = "updated-remote"
        case updatedLocal = "updated-local"
        case merged, conflict
        case renamedLocal = "renamed-local"
        case renamedRemote = "renamed-remote"
        case deletedLocal = "deleted-local"
        case deletedRemote = "deleted-remote"
        case paired, restored
    }

    var kind: Kind
    /// The document; nil until a create gives it one.
    var documentID: String?
    /// Where the file ends up (relative); for a deletion, where it was.
    var path: String
    var remote: Remote = .none
    var local: Local = .none
    /// A local file's state as scanned, for `from` (or `path` when there is no `from`): a write
    /// never replaces a file that changed since.
    var expected: DocSyncLocal.File?
    /// The content both sides hold afterwards (the next base), or nil when the pair goes away.
    var base: String?
    /// The base's sha256 when the server already said it (its `contentHash` of that content).
    var baseHash: String?
    var title: String
    var folder: FolderRef
    /// The base is recorded but the local file holds conflict markers.
    var conflicted = false
    /// keep-both: the local edit, saved beside the remote copy.
    var conflictCopy: (path: String, content: String)?
    /// The remote `updatedAt` already known (a download), so no read-back is needed.
    var remoteUpdatedAt: String?
    /// One line for people: what happened and why (a rename's old name, a merge's conflicts).
    var note: String?
    /// A restore creates a new document in place of this one, whose pair goes.
    var replaces: String?

    var deletesLocal: Bool { if case .delete = local { true } else { false } }
    var deletesRemote: Bool { remote == .delete }
}

/// A folder a document goes to: one the server has, or a directory whose folder this run creates.
enum FolderRef: Sendable, Equatable {
    case root
    case id(String)
    case directory(String)
}

/// A folder the run creates for a new local directory, or renames, or deletes.
struct DocSyncFolderItem: Sendable {
    enum Action: Sendable, Equatable {
        case create(name: String, parent: FolderRef)
        case rename(id: String, name: String, parentID: String?)
        case delete(id: String)
        /// Make the directory for a new remote folder, or forget a folder gone on both sides.
        case makeDirectory(id: String, name: String, parentID: String?)
        case forget(id: String)
        /// Rename the local directory after a remote rename (`from` → `path`).
        case moveDirectory(id: String, from: String, name: String, parentID: String?)
    }
    var action: Action
    /// The directory (relative).
    var path: String
}

/// The whole run: folder work first (parents first), then documents, then folder deletions.
struct DocSyncPlan: Sendable {
    var folders: [DocSyncFolderItem] = []
    var items: [DocSyncItem] = []
    /// Folders deleted after the documents moved out of them.
    var folderDeletions: [DocSyncFolderItem] = []
    var skipped: [String] = []
    /// A server change was seen but not applied (its file could not be read): the delta cursor
    /// stays where it was, so the next run sees the change again.
    var holdsCursor = false
    var ignored = 0

    var localDeletions: Int { items.filter(\.deletesLocal).count }
    var remoteDeletions: Int { items.filter(\.deletesRemote).count }
    var isEmpty: Bool { folders.isEmpty && items.isEmpty && folderDeletions.isEmpty }
}
