import Foundation

/// Writes a ``JSONValue`` tree as compact UTF-8 JSON text: the JSON archive format.
///
/// Strings, keys and the values JSON cannot hold are spelled by ``ArchiveSpelling`` (a string
/// starting with `$` gets one more; non-finite doubles, decimals, dates and data become markers);
/// a model object's `$class` marker comes first when its class differs from the declared one;
/// doubles keep a fraction or exponent (`5.0`) so that they read back as doubles. The bytes,
/// escapes and numbers are ``JSONWriter``'s, the writer `jsonData(options:)` uses too. Going
/// straight to bytes costs a fraction of `JSONEncoder`'s way through encoding containers.
struct JSONTextWriter {
    private var writer: JSONWriter
    /// The numbers of the models written again, whose first place carries `$id` (``ArchiveIdentities``).
    private let referenced: Set<Int>

    init(capacity: Int = 4096, referenced: Set<Int> = []) {
        writer = JSONWriter(escapesSlashes: false, capacity: capacity)
        self.referenced = referenced
    }

    /// The text written so far.
    var bytes: [UInt8] { writer.bytes }

    /// The values written so far, as ``BinaryPropertyListReader`` counts them: every value, a
    /// `$class` marker's too, not keys (see ``ArchiveEnvelope/checkValueCount(_:within:)``).
    private(set) var valueCount = 0

    /// Writes `value`; throws on a value JSON cannot hold (an opaque pass-through value).
    mutating func write(_ value: JSONValue) throws(JastorError) {
        valueCount &+= 1
        switch value {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let integer): writer.writeInteger(integer)
        case .unsignedInteger(let integer): writer.writeInteger(integer)
        case .double(let double) where double.isFinite: writer.writeDouble(double, keepsFraction: true)
        case .double, .decimal, .date, .data: writer.writeString(ArchiveSpelling.marker(for: value) ?? "")
        case .string(let string): writer.writeString(ArchiveSpelling.escaped(string))
        case .array(let elements):
            writer.beginArray()
            for (index, element) in elements.enumerated() {
                writer.beginElement(first: index == 0)
                try write(element)
            }
            writer.endArray(isEmpty: elements.isEmpty)
        case .object(let object):
            try writeObject(object)
        case .numberLiteral(let number):
            // Only `Codable` decoding makes one, and mapping converts it: no model holds it.
            throw JastorError(issues: [
                JastorIssue(
                    path: [], kind: .unencodableValue, expected: "a number a Double or Decimal holds",
                    found: "Number \(number.literalText)")
            ])
        case .opaque(let opaque):
            throw JastorError(issues: [
                JastorIssue(
                    path: [], kind: .unencodableValue, expected: "a JSON value", found: "\(opaque.typeName)")
            ])
        }
    }

    /// Writes an object member by member, in its own order.
    mutating func writeObject(_ object: JSONObject) throws(JastorError) {
        writer.beginObject()
        var first = true
        if let model = object.model, let number = model.number,
            model.isReference || (!referenced.isEmpty && referenced.contains(number))
        {
            valueCount &+= 1
            let key = model.isReference ? ArchiveIdentities.referenceMarker : ArchiveIdentities.identityMarker
            writer.writeKey(key, first: true)
            writer.writeInteger(Int64(number))
            first = false
        }
        if let model = object.model, model.differsFromDeclaredType, !model.isReference {
            valueCount &+= 1
            writer.writeKey(ArchiveSpelling.classMarker, first: first)
            writer.writeString(model.className)
            first = false
        }
        for entry in object.entries {
            writer.writeKey(ArchiveSpelling.escaped(entry.key), first: first)
            first = false
            try write(entry.value)
        }
        writer.endObject(isEmpty: first)
    }
}
