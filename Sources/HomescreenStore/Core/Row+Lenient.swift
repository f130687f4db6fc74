import GRDB

extension Row {
    /// The column's value as `Value`, nil when it is NULL, missing or of another type. Never
    /// a fatal error, unlike `row[column] as Value?`, which traps on a type it cannot convert:
    /// rows come from other programs too.
    func lenient<Value: DatabaseValueConvertible>(_ column: String) -> Value? {
        guard hasColumn(column) else { return nil }
        return Value.fromDatabaseValue(self[column] as DatabaseValue)
    }
}
