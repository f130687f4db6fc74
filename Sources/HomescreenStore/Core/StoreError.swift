/// Why the store cannot be used. Every message is one sentence that names the path and the fix;
/// the file itself is never modified or deleted when one of these is raised.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    case notAStore(path: String)
    case newerSchema(path: String, found: Int, supported: Int)
    case cannotCreate(path: String, reason: String)
    case notWritable(path: String)
    case unreadable(path: String, reason: String)
    case failed(path: String, reason: String)

    public var description: String {
        switch self {
        case .notAStore(let path):
            return "\(path) is not a Homescreen store; point --store (or HOMESCREEN_STORE) at a new path or at an existing Homescreen store."
        case .newerSchema(let path, let found, let supported):
            return "\(path) was written by a newer Homescreen (schema \(found), this version reads up to \(supported)); upgrade homescreen or use another store with --store."
        case .cannotCreate(let path, let reason):
            return "cannot create the store at \(path) (\(reason)); choose a writable location with --store or HOMESCREEN_STORE."
        case .notWritable(let path):
            return "the store \(path) is read-only; give yourself write permission (chmod u+rw \(path)) or choose another store with --store."
        case .unreadable(let path, let reason):
            return "cannot read the store \(path) (\(reason)); check its permissions or choose another store with --store."
        case .failed(let path, let reason):
            return "the store \(path) failed (\(reason)); run `homescreen doctor` to check it."
        }
    }
}
