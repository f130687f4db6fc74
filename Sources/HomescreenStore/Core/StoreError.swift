/// Why the store cannot be used. Every message is one sentence that names the path and the fix;
/// the file itself is never modified or deleted when one of these is raised. A dashboard's
/// action that meets one says its sentence as it is (a `StoreRefusal`, in English).
public enum StoreError: StoreRefusal, Equatable {
    public var refusesInput: Bool { false }

    case notAStore(path: String, reason: String?)
    /// A file or link others could have planted or can change.
    case untrusted(path: String, reason: String)
    /// The file fails SQLite's quick check: nothing is written to it.
    case corrupt(path: String, detail: String)
    /// The folder cannot take the journal SQLite writes beside the store.
    case readOnlyFolder(path: String, folder: String)
    case newerSchema(path: String, found: Int, supported: Int)
    case cannotCreate(path: String, reason: String)
    case notWritable(path: String)
    case unreadable(path: String, reason: String)
    /// The file system holding the store is mounted read-only: it is read, never written.
    case readOnlyFileSystem(path: String, mount: String)
    /// SQLite could not grow the file or its journal: nothing of the write was kept.
    case diskFull(path: String, mount: String)
    /// Another program held the store's write lock past the busy timeout.
    case busy(path: String, seconds: Int)
    /// The file this program had open was deleted or moved away (or replaced) meanwhile.
    case gone(path: String)
    case failed(path: String, reason: String)

    /// Said as it is: no values to put in (a path with `%1` in it stays as it is).
    public var sentence: String { description }

    public var description: String {
        switch self {
        case .notAStore(let path, let reason):
            return "\(path) is not a Homescreen store\(reason.map { " (\($0))" } ?? ""); point --store (or HOMESCREEN_STORE) at a new path or at an existing Homescreen store."
        case .untrusted(let path, let reason):
            return "\(path) is not used as a store because \(reason); keep the store in a folder of your own (the default, ~/.local/share/homescreen, is) or fix the owner and permissions (chmod 600 the file, chmod o-w the folder)."
        case .corrupt(let path, let detail):
            return "the store \(path) is damaged (\(detail)); nothing was written to it. Recover what it holds with `sqlite3 \(path) .recover | sqlite3 \(path).recovered` and use the copy with --store \(path).recovered."
        case .readOnlyFolder(let path, let folder):
            return "the store \(path) is in the read-only folder \(folder), where SQLite cannot write its journal; give yourself write permission on the folder or move the store."
        case .newerSchema(let path, let found, let supported):
            return "\(path) was written by a newer Homescreen (schema \(found), this version reads up to \(supported)); upgrade homescreen or use another store with --store."
        case .cannotCreate(let path, let reason):
            return "cannot create the store at \(path) (\(reason)); choose a writable location with --store or HOMESCREEN_STORE."
        case .notWritable(let path):
            return "the store \(path) is read-only; give yourself write permission (chmod u+rw \(path)) or choose another store with --store."
        case .unreadable(let path, let reason):
            return "cannot read the store \(path) (\(reason)); check its permissions or choose another store with --store."
        case .readOnlyFileSystem(let path, let mount):
            return "the store's file system is mounted read-only at \(mount), so \(path) can be read but not changed; remount \(mount) read-write or copy the store somewhere writable and use --store."
        case .diskFull(let path, let mount):
            return "the disk holding the store is full (\(mount)), so nothing was written to \(path); free some space there (df -h \(mount) shows it) and try again."
        case .busy(let path, let seconds):
            return "another program kept the store busy for \(seconds) s, so this change to \(path) was not saved; try again (doctor shows the store's state)."
        case .gone(let path):
            return "the store file was deleted or moved while open, so nothing was written; a new store at \(path) is used as soon as one is made there (any command that writes makes one)."
        case .failed(let path, let reason):
            return "the store \(path) failed (\(reason)); run `homescreen doctor` to check it."
        }
    }
}
