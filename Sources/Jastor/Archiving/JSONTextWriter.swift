import Foundation

/// Writes a ``JSONValue`` tree as compact UTF-8 JSON text: the JSON archive format.
///
/// Strings, keys and the values JSON cannot hold are spelled by ``ArchiveSpelling`` (a string
/// starting with `$` gets one more; non-finite doubles, decimals, dates and data become markers);
/// a model object's `$class` marker comes first when its class differs from the declared one;
/// doubles keep a fraction or exponent (`5.0`) so that they read back as doubles. Going straight
/// to bytes costs a fraction of `JSONEncoder`'s way through encoding containers.
struct JSONTextWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes `value`; throws on a value JSON cannot hold (an opaque pass-through value).
    mutating func write(_ value: JSONValue) throws(JastorError) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .integer(let integer): append(String(integer))
        case .unsignedInteger(let integer): append(String(integer))
        case .double(let double) where double.isFinite: append(double.description)
        case .double, .decimal, .date, .data: writeString(ArchiveSpelling.marker(for: value) ?? "")
        case .string(let string): writeString(ArchiveSpelling.escaped(string))
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            try writeObject(object)
        case .opaque(let opaque):
            throw JastorError(issues: [
                JastorIssue(
                    path: [], kind: .unencodableValue, expected: "a JSON value", found: "\(opaque.typeName)")
            ])
        }
    }

    /// Writes an object member by member, in its own order.
    mutating func writeObject(_ object: JSONObject) throws(JastorError) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        if let model = object.model, model.differsFromDeclaredType {
            writeString(ArchiveSpelling.classMarker)
            bytes.append(UInt8(ascii: ":"))
            writeString(model.className)
            first = false
        }
        for entry in object.entries {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            writeString(ArchiveSpelling.escaped(entry.key))
            bytes.append(UInt8(ascii: ":"))
            try write(entry.value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes a string with the escapes JSON requires: quote, backslash and control characters.
    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
