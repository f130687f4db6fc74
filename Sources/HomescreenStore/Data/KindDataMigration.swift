/// Brings the kinds' own data to the versions this build knows, on either backend: each kind's
/// version is a row of `kindSchema`; the steps a store lacks run in one transaction taken
/// alone (`StoreBackend.exclusively`), so processes opening an older store together migrate it
/// once. A kind whose data is newer than this build's, or whose version row makes no sense, is
/// refused and the store left untouched.
extension StoreBackend {
    public func prepare(_ kinds: [KindData]) throws {
        guard !kinds.isEmpty else { return }
        // The common case in one read: every kind at its version.
        let found = try reading(kindVersions)
        try check(kinds, found)
        guard kinds.contains(where: { found[$0.owner] != $0.version }) else { return }
        try exclusively { sql in
            let found = try kindVersions(sql)
            try check(kinds, found)
            for data in kinds {
                let from = found[data.owner] ?? 0
                guard from < data.version else { continue }
                for step in data.steps[from...] {
                    for statement in step.statements(sql.dialect) { try sql.execute(statement) }
                }
                try sql.execute("INSERT INTO kindSchema (kind, version) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET version = excluded.version",
                                [.text(data.owner), .integer(Int64(data.version))])
            }
        }
    }

    /// Each kind's data version, as the store records it.
    public func kindVersions() throws -> [String: Int] { try reading(kindVersions) }

    private func kindVersions(_ sql: any StoreSQL) throws -> [String: Int] {
        var versions: [String: Int] = [:]
        for row in try sql.rows("SELECT kind, version FROM kindSchema") {
            if let kind = row.text("kind") { versions[kind] = Int(row.int("version") ?? 0) }
        }
        return versions
    }

    private func check(_ kinds: [KindData], _ found: [String: Int]) throws {
        for data in kinds {
            guard let version = found[data.owner] else { continue }
            if version < 1 { throw KindDataError.nonsense(location: path, owner: data.owner, found: version) }
            if version > data.version { throw KindDataError.newer(location: path, owner: data.owner, found: version, supported: data.version) }
        }
    }
}

/// Why a kind's data cannot be used: one sentence naming the store, the kind and the fix.
public enum KindDataError: Error, Equatable, CustomStringConvertible {
    case newer(location: String, owner: String, found: Int, supported: Int)
    case nonsense(location: String, owner: String, found: Int)

    public var description: String {
        switch self {
        case .newer(let location, let owner, let found, let supported):
            return "the \(owner) data in \(location) was written by a newer Homescreen (version \(found), this version reads up to \(supported)); upgrade homescreen or use another store with --store."
        case .nonsense(let location, let owner, let found):
            return "the \(owner) data in \(location) says version \(found), which no Homescreen writes; nothing was changed, restore the store from a backup or use another store with --store."
        }
    }
}
