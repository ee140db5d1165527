import Foundation

/// Writing models straight to JSON text: the JSON `toDictionary()` describes, without building
/// a dictionary or a tree on the way.
///
/// A model of a class with a streaming ``JSONOutputLayout`` writes its properties through their
/// codecs (nested models, arrays and optionals stream likewise); any other value goes through the
/// tree `toDictionary()` builds, written by ``JSONWriter/writeTree(_:context:)``. Both take the same
/// decisions as `toDictionary()` (keys, transforms, directions, omitted defaults), and refuse what
/// JSON cannot hold (NaN, infinity, an opaque value, a cycle) with an issue at its path.
extension MappingEngine {
    /// Writes `model` as a JSON object.
    static func writeJSON(_ model: JastorObject, to writer: inout JSONWriter, context: inout EncodingContext) {
        let plan = context.plans.plan(for: type(of: model))
        context.recordDeclarationIssues(of: plan)
        guard let members = writer.sortsKeys ? plan.jsonLayout.sortedMembers : plan.jsonLayout.members else {
            let tree = encode(model, declaredType: type(of: model), context: &context)
            return writer.writeTree(tree, context: &context)
        }
        guard !context.isTooDeep(), context.beginWriting(model) else { return writer.writeNull() }
        defer { context.endWriting(model) }
        writer.beginObject()
        var first = true
        for member in members {
            let wrote = context.writing(member.property) {
                member.property.accessor.writeMember(model, member, first: first, to: &writer, context: &$0)
            }
            if wrote {
                first = false
            }
        }
        writer.endObject(isEmpty: first)
    }
}

extension JSONWriter {
    /// Writes the separator before `member`, its key (quoted and escaped once, in its layout)
    /// and the colon.
    @inline(__always)
    mutating func writeKey(of member: JSONOutputLayout.Member, first: Bool) {
        writeKey(quoted: escapesSlashes ? member.quotedKeyEscapingSlashes : member.quotedKey, first: first)
    }
}

extension JSONWriter {
    /// Writes a tree as JSON: numbers as numbers (a `Decimal` exactly), a `Date` a transform
    /// returned as ISO-8601 text and `Data` as Base64 (an untyped one is reported before it gets
    /// here), objects in their own order or in ``JSONKeyOrder``.
    ///
    /// A value JSON cannot hold is written as `null` and recorded as an issue at its path.
    mutating func writeTree(_ value: JSONValue, context: inout EncodingContext) {
        switch value {
        case .null: writeNull()
        case .bool(let flag): writeBool(flag)
        case .integer(let integer): writeInteger(integer)
        case .unsignedInteger(let integer): writeInteger(integer)
        case .string(let string): writeString(string)
        case .double, .decimal, .numberLiteral, .date, .data, .opaque: writeSpecial(value, context: &context)
        case .array(let elements):
            beginArray()
            for (index, element) in elements.enumerated() {
                beginElement(first: index == 0)
                context.descend(intoBuilt: .index(index)) { writeTree(element, context: &$0) }
            }
            endArray(isEmpty: elements.isEmpty)
        case .object(let object):
            beginObject()
            var entries = object.entries
            if sortsKeys { entries.sort { JSONKeyOrder.precedes($0.key, $1.key) } }
            for (index, entry) in entries.enumerated() {
                writeKey(entry.key, first: index == 0)
                context.descend(intoBuilt: .key(entry.key)) { writeTree(entry.value, context: &$0) }
            }
            endObject(isEmpty: entries.isEmpty)
        }
    }

    /// Writes a number that may not be finite, a date, data or an opaque value; out of line, so
    /// that the recursion of ``writeTree(_:context:)`` keeps a small stack frame.
    @inline(never)
    private mutating func writeSpecial(_ value: JSONValue, context: inout EncodingContext) {
        switch value {
        case .double(let double) where double.isFinite: writeDouble(double, keepsFraction: false)
        case .decimal(let decimal) where !decimal.isNaN: writeNumberText(decimal.description)
        case .numberLiteral(let number): writeNumberText(number.literalText)
        case .double(let double): refuse(found: "Double \(double)", context: &context)
        case .decimal: refuse(found: "Decimal NaN", context: &context)
        case .date(let date):
            guard let text = ISO8601Text.string(from: date) else {
                return refuse(found: "Date \(date.timeIntervalSince1970) seconds since 1970", context: &context)
            }
            writeString(text)
        case .data(let data): writeString(data.base64EncodedString())
        case .opaque(let opaque):
            context.record(.unencodableValue, expected: "a JSON value", found: opaque.typeName)
            writeNull()
        default: writeTree(value, context: &context)
        }
    }

    /// Records a number or date that JSON cannot hold, writing `null` in its place.
    private mutating func refuse(found: String, context: inout EncodingContext) {
        context.record(
            .unencodableValue, expected: "a value JSON can hold (a finite number; archives keep the others)",
            found: found)
        writeNull()
    }
}

// MARK: - Containers

extension JSONWriter {
    /// Writes an array element by element through the elements' codec.
    mutating func writeArray<Element>(
        _ array: [Element], of element: Codec<Element>, context: inout EncodingContext
    ) {
        guard !context.isTooDeep() else { return writeNull() }
        beginArray()
        // Through the buffer, as `MappingEngine.foundationArray` does.
        array.withUnsafeBufferPointer { elements in
            for index in 0..<elements.count {
                beginElement(first: index == 0)
                context.descend(into: .index(index)) { element.writeJSON(elements[index], to: &self, context: &$0) }
            }
        }
        endArray(isEmpty: array.count == 0)
    }

    /// Writes a dictionary member by member through the values' codec, in key order (`<`, as
    /// `toDictionary()`'s tree has it, or ``JSONKeyOrder`` when sorting): the same text every run.
    mutating func writeDictionary<Value>(
        _ dictionary: [String: Value], of value: Codec<Value>, context: inout EncodingContext
    ) {
        guard !context.isTooDeep() else { return writeNull() }
        let sortsKeys = self.sortsKeys
        let keys = dictionary.keys.sorted { sortsKeys ? JSONKeyOrder.precedes($0, $1) : $0 < $1 }
        beginObject()
        for (index, key) in keys.enumerated() {
            guard let member = dictionary[key] else { continue }
            writeKey(key, first: index == 0)
            context.descend(into: .key(key)) { value.writeJSON(member, to: &self, context: &$0) }
        }
        endObject(isEmpty: keys.isEmpty)
    }
}
