import Foundation

/// Reads a `RawRepresentable` enum through its raw value.
final class RawValueCodec<Value: RawRepresentable>: Codec<Value>, @unchecked Sendable {
    private let raw: Codec<Value.RawValue>

    init(raw: Codec<Value.RawValue>) {
        self.raw = raw
    }

    override var typeWithoutRules: String? { raw.typeWithoutRules }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        guard let rawValue = raw.decode(source, context: &context) else { return false }
        guard let value = Value(rawValue: rawValue) else {
            context.record(.invalidValue, expected: typeName, found: source.kind.summary)
            return false
        }
        slot.initialize(to: value)
        return true
    }

    override func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        raw.encode(value.rawValue, context: &context)
    }
}

/// Reads `null` as `nil` and anything else through the wrapped codec.
final class OptionalCodec<Wrapped>: Codec<Wrapped?>, @unchecked Sendable {
    private let wrapped: Codec<Wrapped>

    init(wrapped: Codec<Wrapped>) {
        self.wrapped = wrapped
    }

    override var typeName: String { wrapped.typeName }
    override var typeWithoutRules: String? { wrapped.typeWithoutRules }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Wrapped?>, context: inout MappingContext
    ) -> Bool {
        if case .scalar(.null) = source.kind {
            slot.initialize(to: nil)
            return true
        }
        return withUnsafeTemporaryAllocation(of: Wrapped.self, capacity: 1) { buffer in
            guard let wrappedSlot = buffer.baseAddress, wrapped.decode(source, into: wrappedSlot, context: &context)
            else { return false }
            slot.initialize(to: wrappedSlot.move())
            return true
        }
    }

    // `if let` rather than `Optional.map`: the generic `map` looks up `Optional`'s metadata per call.
    override func encode(_ value: Wrapped?, context: inout EncodingContext) -> JSONValue {
        if let value { return wrapped.encode(value, context: &context) }
        return .null
    }

    override func writeJSON(_ value: Wrapped?, to writer: inout JSONWriter, context: inout EncodingContext) {
        if let value { return wrapped.writeJSON(value, to: &writer, context: &context) }
        writer.writeNull()
    }

    override func foundationValue(_ value: Wrapped?, context: inout EncodingContext) -> Any {
        if let value { return wrapped.foundationValue(value, context: &context) }
        return NSNull()
    }

    override func emptiness(_ value: Wrapped?) -> Emptiness {
        if let value { return wrapped.emptiness(value) }
        return .none
    }

    override func replacingModelType(with type: JastorObject.Type) -> Codec<Wrapped?>? {
        wrapped.replacingModelType(with: type).map(OptionalCodec.init(wrapped:))
    }

    override func replacingDates(with dates: Codec<Date>) -> Codec<Wrapped?>? {
        wrapped.replacingDates(with: dates).map(OptionalCodec.init(wrapped:))
    }
}

/// Reads a JSON array element by element.
///
/// In lenient mapping an element that does not fit is left out (and reported); the elements that fit
/// are kept.
final class ArrayCodec<Element>: Codec<[Element]>, @unchecked Sendable {
    private let element: Codec<Element>

    init(element: Codec<Element>) {
        self.element = element
    }

    override var typeName: String { "[\(element.typeName)]" }
    override var typeWithoutRules: String? { element.typeWithoutRules }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<[Element]>, context: inout MappingContext
    ) -> Bool {
        guard case .array = source.kind else {
            recordMismatch(source, context: &context)
            return false
        }
        let elements = source.elements
        guard !context.isTooDeep() else { return false }
        guard !elements.isEmpty else {
            // Not through `unsafeUninitializedCapacity`: for no elements it writes the count of the
            // empty-array singleton every thread shares (a data race ThreadSanitizer reports).
            slot.initialize(to: [])
            return true
        }
        // Elements are read straight into the new array's storage: no per-element temporary.
        let result = [Element](unsafeUninitializedCapacity: elements.count) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            var index = 0
            source.forEachElement { member in
                guard count < buffer.count else { return }
                if context.descend(into: .index(index), { element.decode(member, into: base + count, context: &$0) }) {
                    count += 1
                }
                index += 1
            }
        }
        slot.initialize(to: result)
        return true
    }

    override func encode(_ value: [Element], context: inout EncodingContext) -> JSONValue {
        guard !context.isTooDeep() else { return .null }
        var encoded: [JSONValue] = []
        encoded.reserveCapacity(value.count)
        // Through the buffer: an array's own iterator hands generic code `Element?`s.
        value.withUnsafeBufferPointer { members in
            for index in members.indices {
                encoded.append(
                    context.descend(into: .index(index)) { context in element.encode(members[index], context: &context)
                    })
            }
        }
        return .array(encoded)
    }

    override func writeJSON(_ value: [Element], to writer: inout JSONWriter, context: inout EncodingContext) {
        writer.writeArray(value, of: element, context: &context)
    }

    override func foundationValue(_ value: [Element], context: inout EncodingContext) -> Any {
        MappingEngine.foundationArray(value, of: element, context: &context)
    }

    override func emptiness(_ value: [Element]) -> Emptiness { value.isEmpty ? .emptyCollection : .notEmpty }

    override func replacingModelType(with type: JastorObject.Type) -> Codec<[Element]>? {
        element.replacingModelType(with: type).map(ArrayCodec.init(element:))
    }

    override func replacingDates(with dates: Codec<Date>) -> Codec<[Element]>? {
        element.replacingDates(with: dates).map(ArrayCodec.init(element:))
    }
}

/// Reads a JSON object into `[String: Value]`, member by member; in lenient mapping a member
/// that does not fit is left out (and reported).
final class DictionaryCodec<Value>: Codec<[String: Value]>, @unchecked Sendable {
    private let value: Codec<Value>

    init(value: Codec<Value>) {
        self.value = value
    }

    override var typeName: String { "[String: \(value.typeName)]" }
    override var typeWithoutRules: String? { value.typeWithoutRules }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<[String: Value]>, context: inout MappingContext
    ) -> Bool {
        guard case .object = source.kind else {
            recordMismatch(source, context: &context)
            return false
        }
        let members = source.object
        guard !context.isTooDeep() else { return false }
        var result: [String: Value] = [:]
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            guard let member = buffer.baseAddress else { return }
            members.forEachMember { key, json in
                if context.descend(into: .key(key), { value.decode(json, into: member, context: &$0) }) {
                    result.updateValue(member.move(), forKey: key)
                }
            }
        }
        slot.initialize(to: result)
        return true
    }

    override func encode(_ dictionary: [String: Value], context: inout EncodingContext) -> JSONValue {
        guard !context.isTooDeep() else { return .null }
        var object = JSONObject(capacity: dictionary.count)
        // Sorted for a stable output, and read through the buffer: looking keys up would hand
        // generic code `Value?`s.
        dictionary.sorted { $0.key < $1.key }.withUnsafeBufferPointer { members in
            for (key, member) in members {
                object.appendNew(
                    context.descend(into: .key(key)) { context in value.encode(member, context: &context) }, forKey: key
                )
            }
        }
        return .object(object)
    }

    override func writeJSON(_ dictionary: [String: Value], to writer: inout JSONWriter, context: inout EncodingContext)
    {
        writer.writeDictionary(dictionary, of: value, context: &context)
    }

    override func foundationValue(_ dictionary: [String: Value], context: inout EncodingContext) -> Any {
        MappingEngine.foundationDictionary(dictionary, of: value, context: &context)
    }

    override func emptiness(_ dictionary: [String: Value]) -> Emptiness {
        dictionary.isEmpty ? .emptyCollection : .notEmpty
    }

    override func replacingModelType(with type: JastorObject.Type) -> Codec<[String: Value]>? {
        value.replacingModelType(with: type).map(DictionaryCodec.init(value:))
    }

    override func replacingDates(with dates: Codec<Date>) -> Codec<[String: Value]>? {
        value.replacingDates(with: dates).map(DictionaryCodec.init(value:))
    }
}
