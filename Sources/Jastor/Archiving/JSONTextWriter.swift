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
    /// The numbers of the models written again (``ArchiveIdentities``): each is written in the
    /// envelope's shared table, and as a reference wherever it is held.
    private let referenced: Set<Int>
    /// The shared models met, not yet written in the table.
    private var pendingShared: [(number: Int, object: JSONObject)] = []

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

    /// Writes an archive's envelope: its members, then the shared table (``ArchiveIdentities``)
    /// when a model is shared, each shared model once, in the order first met.
    mutating func writeEnvelope(_ envelope: JSONObject) throws(JastorError) {
        valueCount &+= 1
        writer.beginObject()
        var first = true
        for entry in envelope.entries {
            writer.writeKey(entry.key, first: first)
            first = false
            try write(entry.value)
        }
        if !pendingShared.isEmpty {
            valueCount &+= 1
            writer.writeKey(ArchiveIdentities.sharedKey, first: first)
            writer.beginObject()
            var index = 0
            // Writing a model may meet more shared models, which join the end of the list.
            while index < pendingShared.count {
                let (number, object) = pendingShared[index]
                writer.writeKey(String(number), first: index == 0)
                valueCount &+= 1
                try writeObject(object, definingShared: true)
                index += 1
            }
            writer.endObject(isEmpty: false)
        }
        writer.endObject(isEmpty: first)
    }

    /// Writes an object member by member, in its own order; a shared model as a reference,
    /// unless this writes its definition (`definingShared`), which always names its class.
    mutating func writeObject(_ object: JSONObject, definingShared: Bool = false) throws(JastorError) {
        if !definingShared, !referenced.isEmpty, let model = object.model, let number = model.number,
            model.isReference || referenced.contains(number)
        {
            // The one place the model was written whole: its definition goes to the table.
            if !model.isReference { pendingShared.append((number, object)) }
            writer.beginObject()
            valueCount &+= 1
            writer.writeKey(ArchiveIdentities.referenceMarker, first: true)
            writer.writeInteger(Int64(number))
            writer.endObject(isEmpty: false)
            return
        }
        writer.beginObject()
        var first = true
        if let model = object.model, definingShared || model.differsFromDeclaredType {
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
