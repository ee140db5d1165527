import Foundation

/// A property of your own `Codable` type that Jastor decodes, so that models in it become the
/// class their ``JastorObject/modelClass(for:)`` picks.
///
/// A `Decodable` initialiser builds the class it is asked for: `JSONDecoder` decodes each
/// element of a `[Event]` with `Event.init(from:)`, which cannot turn the instance into a
/// `PushEvent`, so a model whose hook picks another class is a `DecodingError` there. Declared
/// with this wrapper, the value (a model, or an optional, array or `[String: Value]` dictionary
/// of models, or any other ``JastorValue``) is read whole into JSON and mapped as
/// `init(validating:)` maps it: the hook picks each model's class, and any issue is a
/// `DecodingError` at its coding path. Encoding writes what `toDictionary()` writes for the value,
/// and reports a model that would read back as another class, as JSON output does.
///
/// ```swift
/// struct Feed: Codable {
///     @JastorPolymorphic var events: [Event]
///     @JastorPolymorphic var pinned: Event?
/// }
///
/// let feed = try JSONDecoder().decode(Feed.self, from: data)  // events[0] is a PushEvent
/// let events = try JSONDecoder().decode(JastorPolymorphic<[Event]>.self, from: data).wrappedValue
/// ```
///
/// An optional wrapped value may be missing from the object, and is left out when `nil`, as
/// `Codable` treats optionals.
@propertyWrapper
public struct JastorPolymorphic<Value: JastorValue> {
    /// The value, as mapped.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
    ///
    /// ```swift
    /// var events = JastorPolymorphic(wrappedValue: [Event]())
    /// ```
    ///
    /// - Parameter wrappedValue: The value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

// MARK: - Decodable

extension JastorPolymorphic: Decodable {
    /// Reads the decoder's value and maps it by Jastor's rules, strictly, as
    /// ``JastorObject/init(validating:)`` maps a dictionary.
    ///
    /// ```swift
    /// let events = try JSONDecoder().decode(JastorPolymorphic<[Event]>.self, from: data).wrappedValue
    /// ```
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` naming the coding path of the first issue.
    public init(from decoder: any Decoder) throws {
        if let error = Self.declarationError(at: decoder.codingPath) { throw error }
        let json = try JSONValue(from: decoder)
        var context = MappingContext(policy: .creating)
        let value = withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer -> Value? in
            guard let slot = buffer.baseAddress, Value.codec.decode(json, into: slot, context: &context) else {
                return nil
            }
            return slot.move()
        }
        if let error = CodableBridge.decodingError(for: context, at: decoder.codingPath) { throw error }
        guard let value else {
            // Every codec records why it reads nothing; kept for a codec that would not.
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "expected \(Value.codec.typeName), found none"))
        }
        wrappedValue = value
    }
}

extension JastorPolymorphic {
    /// The issue a property's declaration gets for a wrapped type no property could declare (an
    /// optional of an optional, `Int??`, whose `.some(nil)` JSON's one `null` reads back as `nil`),
    /// as a `DecodingError` at `codingPath`; `nil` for any other type.
    static func declarationError(at codingPath: [any CodingKey]) -> DecodingError? {
        guard let mistake = Value.codec.declarationMistake else { return nil }
        var context = MappingContext(policy: .creating)
        context.record(.invalidDeclaration, expected: mistake.expected, found: mistake.found)
        return CodableBridge.decodingError(for: context, at: codingPath)
    }
}

// MARK: - Encodable

extension JastorPolymorphic: Encodable {
    /// Writes the value as ``JastorObject/toDictionary()`` writes it.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(feed)
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` when the value holds what JSON cannot represent, a
    ///   cycle, or a model that would read back as another class.
    public func encode(to encoder: any Encoder) throws {
        do {
            let codec = Value.codec
            try CodableBridge.codableValue(for: encoder) { context in
                // As decoding: a type no property could declare is its declaration issue.
                if let mistake = codec.declarationMistake {
                    context.record(.invalidDeclaration, expected: mistake.expected, found: mistake.found)
                    return .null
                }
                return codec.encode(wrappedValue, context: &context)
            }.encode(to: encoder)
        } catch let error as JastorError {
            throw EncodingError.invalidValue(
                wrappedValue,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }
}

// MARK: - Equatable, Hashable, Sendable

extension JastorPolymorphic: Equatable where Value: Equatable {}

extension JastorPolymorphic: Hashable where Value: Hashable {}

extension JastorPolymorphic: Sendable where Value: Sendable {}

// MARK: - Optional values

extension KeyedDecodingContainer {
    /// Reads an optional ``JastorPolymorphic`` value that may be missing, as `Codable` reads an
    /// optional: a missing key or `null` is `nil`.
    ///
    /// ```swift
    /// @JastorPolymorphic var pinned: Event?
    /// ```
    ///
    /// - Parameters:
    ///   - type: The wrapper's type.
    ///   - key: The key of the value.
    /// - Returns: The wrapped value, `nil` when the key is missing or holds `null`.
    /// - Throws: `DecodingError` naming the coding path of the first issue.
    public func decode<Wrapped: JastorValue>(
        _ type: JastorPolymorphic<Wrapped?>.Type, forKey key: Key
    ) throws -> JastorPolymorphic<Wrapped?> {
        // Checked here too: a missing key or `null` reads no value through the wrapper's own decoding.
        if let error = JastorPolymorphic<Wrapped?>.declarationError(at: codingPath + [key]) { throw error }
        return try decodeIfPresent(type, forKey: key) ?? JastorPolymorphic(wrappedValue: nil)
    }
}

extension KeyedEncodingContainer {
    /// Writes an optional ``JastorPolymorphic`` value, leaving the key out when it is `nil`, as
    /// `Codable` writes an optional.
    ///
    /// ```swift
    /// @JastorPolymorphic var pinned: Event?
    /// ```
    ///
    /// - Parameters:
    ///   - value: The wrapper.
    ///   - key: The key to write it under.
    /// - Throws: `EncodingError.invalidValue` as ``JastorPolymorphic/encode(to:)`` throws it.
    public mutating func encode<Wrapped: JastorValue>(
        _ value: JastorPolymorphic<Wrapped?>, forKey key: Key
    ) throws {
        guard value.wrappedValue != nil else { return }
        try encodeIfPresent(Optional(value), forKey: key)
    }
}
