import Foundation

/// A quick look at any JSON document: its keys, value types and nesting, with the elements of
/// each array merged into one shape.
struct JSONOutline {
    /// How deep the outline goes, and how many keys it lists per object.
    private let maximumDepth = 8
    private let maximumKeys = 25

    /// The outline of `value`, one line per key.
    func render(_ value: Any) -> String {
        var lines: [String] = []
        describe(value, label: "(root)", indent: "", depth: 0, into: &lines)
        return lines.joined(separator: "\n")
    }

    private func describe(_ value: Any, label: String, indent: String, depth: Int, into lines: inout [String]) {
        lines.append("\(indent)\(label): \(summary(of: value))")
        guard depth < maximumDepth else { return }
        if let object = value as? [String: Any] {
            describeMembers(of: [object], indent: indent + "  ", depth: depth, into: &lines)
        } else if let array = value as? [Any] {
            let objects = array.compactMap { $0 as? [String: Any] }
            if objects.count == array.count, !objects.isEmpty {
                describeMembers(of: objects, indent: indent + "  ", depth: depth, into: &lines)
            } else if let first = array.first(where: { $0 is [Any] }) {
                describe(first, label: "[0]", indent: indent + "  ", depth: depth + 1, into: &lines)
            }
        }
    }

    /// Lists the union of the objects' keys; a key some objects lack is marked optional.
    private func describeMembers(of objects: [[String: Any]], indent: String, depth: Int, into lines: inout [String]) {
        var keys: [String] = []
        var seen: Set<String> = []
        for object in objects {
            for key in object.keys.sorted() where seen.insert(key).inserted {
                keys.append(key)
            }
        }
        for key in keys.prefix(maximumKeys) {
            let values = objects.compactMap { $0[key] }
            let label = values.count < objects.count ? "\(key)?" : key
            guard let sample = values.first(where: { !($0 is NSNull) }) ?? values.first else { continue }
            describe(sample, label: label, indent: indent, depth: depth + 1, into: &lines)
        }
        if keys.count > maximumKeys {
            lines.append("\(indent)… \(keys.count - maximumKeys) more keys")
        }
    }

    private func summary(of value: Any) -> String {
        switch value {
        case let object as [String: Any]: return "Object, \(object.count) keys"
        case let array as [Any]: return "Array of \(array.count)" + (array.first.map { " × \(kind(of: $0))" } ?? "")
        default: return kind(of: value)
        }
    }

    private func kind(of value: Any) -> String {
        switch value {
        case is [String: Any]: return "Object"
        case is [Any]: return "Array"
        case let text as String: return "String \(text.prefix(40).debugDescription)"
        case is NSNull: return "null"
        case let number as NSNumber:
            if type(of: number) == type(of: NSNumber(value: true)) { return "Bool \(number.boolValue)" }
            // NSNumber's own description goes through Double on Linux; print integers exactly.
            switch UInt8(bitPattern: number.objCType.pointee) {
            case UInt8(ascii: "d"), UInt8(ascii: "f"): return "Number \(number.doubleValue)"
            case UInt8(ascii: "Q"): return "Number \(number.uint64Value)"
            default: return "Number \(number.int64Value)"
            }
        default: return String(describing: type(of: value))
        }
    }
}
