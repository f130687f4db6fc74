/// An optional that JSON writes as `null` when it is absent. A synthesized `Encodable` leaves a
/// nil optional out, but the documented JSON (`--help`, the README) has every key in every
/// object, so a script reads `row["time"]` without first asking whether the key is there.
@propertyWrapper
public struct NullWhenAbsent<Value: Encodable>: Encodable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension NullWhenAbsent: Sendable where Value: Sendable {}
