import Foundation

/// Writes a ``JSONValue`` tree as a binary property list (`bplist00`): the default archive format.
///
/// Strings, keys, `null` and the values JSON cannot hold are spelled by ``ArchiveSpelling`` (a
/// string starting with `$` gets one more; `null` is `"$null"`; non-finite doubles, decimals,
/// dates and data become markers); a model object's `$class` marker comes first. Writing the format directly costs
/// a fraction of `PropertyListEncoder`'s way through encoding containers; Foundation and
/// ``BinaryPropertyListReader`` both read the result.
struct BinaryPropertyListWriter {
    /// One object of the property list, its children as object numbers.
    private enum Object {
        case bool(Bool)
        case integer(Int64)
        case unsignedInteger(UInt64)
        case double(Double)
        case string(String)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private var objects: [Object] = []
    private var bytes: [UInt8] = []
    /// The values added, as ``BinaryPropertyListReader`` counts them: every object but keys.
    private var valueCount = 0
    /// The numbers of the models written again (``ArchiveIdentities``): each is written in the
    /// envelope's shared table, and as a reference wherever it is held.
    private var referenced: Set<Int> = []
    /// The shared models met, not yet written in the table.
    private var pendingShared: [(number: Int, object: JSONObject)] = []

    /// The property list of `root`.
    ///
    /// - Throws: ``JastorError`` for a value a property list cannot hold (an opaque pass-through
    ///   value), or `.tooManyValues` for more values than `limits` let the reader read.
    static func write(_ root: JSONValue, within limits: JastorLimits) throws(JastorError) -> Data {
        var writer = BinaryPropertyListWriter()
        _ = try writer.add(root)
        try ArchiveEnvelope.checkValueCount(writer.valueCount, within: limits)
        return Data(writer.serialized())
    }

    /// The property list of an archive's envelope: its members, then the shared table
    /// (``ArchiveIdentities``) when a model is shared, each shared model once, in the order first met.
    ///
    /// - Parameters:
    ///   - envelope: The envelope's members.
    ///   - referenced: The numbers of the models written again.
    ///   - limits: The limits the reader reads within.
    /// - Returns: The property list's bytes.
    /// - Throws: As ``write(_:within:)``.
    static func writeEnvelope(
        _ envelope: JSONObject, referenced: Set<Int>, within limits: JastorLimits
    ) throws(JastorError) -> Data {
        var writer = BinaryPropertyListWriter()
        writer.referenced = referenced
        writer.valueCount &+= 1
        let number = writer.append(.dictionary(keys: [], values: []))
        var keys: [Int] = []
        var values: [Int] = []
        for entry in envelope.entries {
            keys.append(writer.append(.string(entry.key)))
            values.append(try writer.add(entry.value))
        }
        if !writer.pendingShared.isEmpty {
            writer.valueCount &+= 1
            let table = writer.append(.dictionary(keys: [], values: []))
            var tableKeys: [Int] = []
            var tableValues: [Int] = []
            var index = 0
            // Adding a model may meet more shared models, which join the end of the list.
            while index < writer.pendingShared.count {
                let (shared, object) = writer.pendingShared[index]
                tableKeys.append(writer.append(.string(String(shared))))
                tableValues.append(try writer.add(object, definingShared: true))
                index += 1
            }
            writer.objects[table] = .dictionary(keys: tableKeys, values: tableValues)
            keys.append(writer.append(.string(ArchiveIdentities.sharedKey)))
            values.append(table)
        }
        writer.objects[number] = .dictionary(keys: keys, values: values)
        try ArchiveEnvelope.checkValueCount(writer.valueCount, within: limits)
        return Data(writer.serialized())
    }

    // MARK: Flattening

    /// Numbers `value` and everything inside it, parents before children; returns its number.
    private mutating func add(_ value: JSONValue) throws(JastorError) -> Int {
        valueCount &+= 1
        switch value {
        case .null: return append(.string(ArchiveSpelling.null))
        case .bool(let flag): return append(.bool(flag))
        case .integer(let integer): return append(.integer(integer))
        case .unsignedInteger(let integer): return append(.unsignedInteger(integer))
        case .double(let double) where double.isFinite: return append(.double(double))
        case .double, .decimal, .date, .data: return append(.string(ArchiveSpelling.marker(for: value) ?? ""))
        case .string(let string): return append(.string(ArchiveSpelling.escaped(string)))
        case .array(let elements):
            let number = append(.array([]))
            var children: [Int] = []
            children.reserveCapacity(elements.count)
            for element in elements {
                children.append(try add(element))
            }
            objects[number] = .array(children)
            return number
        case .object(let object):
            return try add(object, definingShared: false)
        case .numberLiteral(let number):
            // Only `Codable` decoding makes one, and mapping converts it: no model holds it.
            throw JastorError(issues: [
                JastorIssue(
                    path: [], kind: .unencodableValue, expected: "a number a Double or Decimal holds",
                    found: "Number \(number.literalText)")
            ])
        case .opaque(let opaque):
            throw JastorError(issues: [
                JastorIssue(path: [], kind: .unencodableValue, expected: "a JSON value", found: "\(opaque.typeName)")
            ])
        }
    }

    /// Numbers an object and everything inside it; a shared model as a reference, unless this
    /// adds its definition (`definingShared`), which always names its class.
    private mutating func add(_ object: JSONObject, definingShared: Bool) throws(JastorError) -> Int {
        if definingShared { valueCount &+= 1 }
        if !definingShared, !referenced.isEmpty, let model = object.model, let shared = model.number,
            model.isReference || referenced.contains(shared)
        {
            // The one place the model was written whole: its definition goes to the table.
            if !model.isReference { pendingShared.append((shared, object)) }
            valueCount &+= 1
            let number = append(.dictionary(keys: [], values: []))
            let key = append(.string(ArchiveIdentities.referenceMarker))
            let value = append(.integer(Int64(shared)))
            objects[number] = .dictionary(keys: [key], values: [value])
            return number
        }
        let number = append(.dictionary(keys: [], values: []))
        var keys: [Int] = []
        var values: [Int] = []
        keys.reserveCapacity(object.entries.count + 1)
        values.reserveCapacity(object.entries.count + 1)
        if let model = object.model, definingShared || model.differsFromDeclaredType {
            valueCount &+= 1
            keys.append(append(.string(ArchiveSpelling.classMarker)))
            values.append(append(.string(model.className)))
        }
        for entry in object.entries {
            keys.append(append(.string(ArchiveSpelling.escaped(entry.key))))
            values.append(try add(entry.value))
        }
        objects[number] = .dictionary(keys: keys, values: values)
        return number
    }

    private mutating func append(_ object: Object) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    // MARK: Serialising

    /// The header, the objects, the offset table and the trailer.
    private mutating func serialized() -> [UInt8] {
        let referenceSize = Self.byteCount(for: UInt64(max(objects.count - 1, 0)))
        bytes.reserveCapacity(objects.count * 8 + 64)
        bytes.append(contentsOf: Array("bplist00".utf8))
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(bytes.count)
            write(object, referenceSize: referenceSize)
        }
        let tableOffset = bytes.count
        let offsetSize = Self.byteCount(for: UInt64(tableOffset))
        for offset in offsets {
            appendBigEndian(UInt64(offset), size: offsetSize)
        }
        bytes.append(contentsOf: [0, 0, 0, 0, 0, 0])  // unused, and the sort version
        bytes.append(UInt8(offsetSize))
        bytes.append(UInt8(referenceSize))
        appendBigEndian(UInt64(objects.count), size: 8)
        appendBigEndian(0, size: 8)  // the top object: the root, numbered first
        appendBigEndian(UInt64(tableOffset), size: 8)
        return bytes
    }

    private mutating func write(_ object: Object, referenceSize: Int) {
        switch object {
        case .bool(let flag):
            bytes.append(flag ? 0x09 : 0x08)
        case .integer(let integer):
            writeInteger(integer)
        case .unsignedInteger(let integer):
            if integer <= UInt64(Int64.max) {
                writeInteger(Int64(integer))
            } else {
                bytes.append(0x14)  // 16 bytes: the high 8 zero
                appendBigEndian(0, size: 8)
                appendBigEndian(integer, size: 8)
            }
        case .double(let double):
            bytes.append(0x23)
            appendBigEndian(double.bitPattern, size: 8)
        case .string(let string):
            if string.utf8.allSatisfy({ $0 < 0x80 }) {
                writeMarker(0x50, count: string.utf8.count)
                bytes.append(contentsOf: string.utf8)
            } else {
                writeMarker(0x60, count: string.utf16.count)
                for unit in string.utf16 {
                    bytes.append(UInt8(unit >> 8))
                    bytes.append(UInt8(unit & 0xFF))
                }
            }
        case .array(let elements):
            writeMarker(0xA0, count: elements.count)
            for element in elements {
                appendBigEndian(UInt64(element), size: referenceSize)
            }
        case .dictionary(let keys, let values):
            writeMarker(0xD0, count: keys.count)
            for key in keys {
                appendBigEndian(UInt64(key), size: referenceSize)
            }
            for value in values {
                appendBigEndian(UInt64(value), size: referenceSize)
            }
        }
    }

    /// An integer object: 1, 2 or 4 bytes unsigned when it fits, else 8 bytes two's complement.
    private mutating func writeInteger(_ integer: Int64) {
        guard integer >= 0 else {
            bytes.append(0x13)
            return appendBigEndian(UInt64(bitPattern: integer), size: 8)
        }
        let size = Self.byteCount(for: UInt64(integer))
        bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(UInt64(integer), size: size)
    }

    /// A kind marker with its count, in the low nibble or (from 15) as a following integer object.
    private mutating func writeMarker(_ kind: UInt8, count: Int) {
        guard count >= 15 else { return bytes.append(kind | UInt8(count)) }
        bytes.append(kind | 0x0F)
        writeInteger(Int64(count))
    }

    private mutating func appendBigEndian(_ value: UInt64, size: Int) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
    private static func byteCount(for value: UInt64) -> Int {
        switch value {
        case 0...0xFF: 1
        case 0...0xFFFF: 2
        case 0...0xFFFF_FFFF: 4
        default: 8
        }
    }
}
