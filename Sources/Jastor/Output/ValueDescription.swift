import Foundation

/// Text for a value Jastor does not own (a struct, enum or Foundation object inside an untyped
/// property, a table transform's value) in descriptions, equality and issue messages.
///
/// Never such a value's own `description`, which may trap: `Date.description` does on NaN or
/// infinite seconds, and so do an `NSArray`, a struct's default description or an enum payload
/// holding such a date. The value is walked instead: dates as ``ISO8601Text/describing(_:)`` writes
/// them, numbers and strings by their text, containers element by element (dictionaries sorted),
/// structs, tuples, enum payloads and classes field by field through `Mirror`, a class met again on
/// the way down written by its name only (a cycle). A value with nothing to walk that Jastor does
/// not know to describe safely is written by its type's name.
///
/// A description stops at ``maximumDepth`` levels and writes `Data` by its length; equality
/// (``isEqual(_:_:)``) walks as deep as the values go and compares `Data` byte by byte.
enum ValueDescription {
    /// Levels walked before the rest is written as `…`, in a description.
    static let maximumDepth = 12

    /// The value's text.
    static func describing(_ value: Any) -> String {
        var walk = Walk(isExact: false)
        walk.write(value, depth: 0)
        return walk.text
    }

    /// Whether the two values are the same, to their last level: their texts written in full
    /// (every level, `Data` by its bytes) are equal.
    ///
    /// Values nested so deeply that the current thread's stack runs low before the walk ends
    /// compare unequal: they are not known to be equal. Equal values have equal descriptions
    /// (which stop at ``maximumDepth`` levels), so hashing a description is consistent with this.
    static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        var left = Walk(isExact: true)
        left.write(lhs, depth: 0)
        guard !left.isIncomplete else { return false }
        var right = Walk(isExact: true)
        right.write(rhs, depth: 0)
        return !right.isIncomplete && left.text == right.text
    }

    /// One rendering: the text so far and the objects on the way down.
    private struct Walk {
        /// Whether the walk goes to the last level and writes data by its bytes (for equality).
        let isExact: Bool
        var text = ""
        var objectsAbove: Set<ObjectIdentifier> = []
        /// Whether an exact walk stopped where the stack ran low.
        var isIncomplete = false
        private let stackLimit = StackGuard.currentLimit()

        init(isExact: Bool) {
            self.isExact = isExact
        }

        mutating func write(_ value: Any, depth: Int) {
            if let leaf = ValueDescription.leafText(value, isExact: isExact) { return text += leaf }
            if isExact {
                guard !isIncomplete, !StackGuard.isLow(stackLimit) else { return isIncomplete = true }
            } else {
                guard depth < ValueDescription.maximumDepth else { return text += "…" }
            }
            let typeName = String(describing: type(of: value))
            var object: ObjectIdentifier?
            if type(of: value) is AnyObject.Type {
                let identifier = ObjectIdentifier(value as AnyObject)
                guard objectsAbove.insert(identifier).inserted else { return text += "\(typeName)(…)" }
                object = identifier
            }
            defer { object.map { _ = objectsAbove.remove($0) } }
            // Foundation's containers are read one level at a time, never cast: a cast bridges all
            // their levels at once (``FoundationContainer``).
            if let elements = FoundationContainer.elements(of: value) {
                return writeList("[", elements.map { ($0, nil) }, "]", depth: depth)
            }
            if let entries = FoundationContainer.entries(of: value) {
                guard !entries.isEmpty else { return text += "[:]" }
                let written = entries.map { entry($0.key, $0.value, depth: depth) }
                return text += "[" + written.sorted().joined(separator: ", ") + "]"
            }
            if let array = value as? [Any] {
                return writeList("[", array.map { ($0, nil) }, "]", depth: depth)
            }
            if let dictionary = value as? [AnyHashable: Any] {
                return writeDictionary(dictionary, depth: depth)
            }
            writeMirrored(value, typeName: typeName, depth: depth)
        }

        private mutating func writeMirrored(_ value: Any, typeName: String, depth: Int) {
            let mirror = Mirror(reflecting: value)
            let children = Array(mirror.children)
            switch mirror.displayStyle {
            case .optional:
                guard let wrapped = children.first?.value else { return text += "nil" }
                write(wrapped, depth: depth + 1)
            case .enum:
                // A case without a payload has no child; its name is the enum's own text, which
                // holds no value.
                // The type's name too: `.a` of two enums are different values.
                guard let payload = children.first else { return text += "\(typeName).\(value)" }
                text += "\(typeName).\(payload.label ?? "")"
                let isTuple = Mirror(reflecting: payload.value).displayStyle == .tuple
                if isTuple { return write(payload.value, depth: depth + 1) }
                writeList("(", [(payload.value, nil)], ")", depth: depth)
            case .tuple:
                writeList(
                    "(", children.map { ($0.value, $0.label.flatMap { $0.hasPrefix(".") ? nil : $0 }) }, ")",
                    depth: depth)
            case .collection:
                writeList("[", children.map { ($0.value, nil) }, "]", depth: depth)
            case .set:
                // Sorted: equal sets may list their elements in different orders.
                let elements = children.map { element($0.value, depth: depth) }
                text += "Set[" + elements.sorted().joined(separator: ", ") + "]"
            case nil where children.isEmpty:
                // A value with no parts to walk (`CGFloat`, `Float16`, `Int128`): its own text,
                // which then holds no value that could trap.
                text += "\(typeName)(\(value))"
            case .dictionary:
                var entries: [String] = []
                for child in children {
                    let pair = Array(Mirror(reflecting: child.value).children)
                    guard pair.count == 2 else { continue }
                    entries.append(entry(pair[0].value, pair[1].value, depth: depth))
                }
                text += entries.isEmpty ? "[:]" : "[" + entries.sorted().joined(separator: ", ") + "]"
            default:
                writeList("\(typeName)(", children.map { ($0.value, $0.label) }, ")", depth: depth)
            }
        }

        private mutating func writeList(_ open: String, _ items: [(Any, String?)], _ close: String, depth: Int) {
            text += open
            for (index, (item, label)) in items.enumerated() {
                if index > 0 { text += ", " }
                if let label { text += "\(label): " }
                write(item, depth: depth + 1)
            }
            text += close
        }

        private mutating func writeDictionary(_ dictionary: [AnyHashable: Any], depth: Int) {
            guard !dictionary.isEmpty else { return text += "[:]" }
            let entries = dictionary.map { key, value in entry(key.base, value, depth: depth) }
            text += "[" + entries.sorted().joined(separator: ", ") + "]"
        }

        /// A set's element, rendered apart so that elements can be sorted.
        private mutating func element(_ value: Any, depth: Int) -> String {
            var element = Walk(isExact: isExact)
            element.objectsAbove = objectsAbove
            element.write(value, depth: depth + 1)
            if element.isIncomplete { isIncomplete = true }
            return element.text
        }

        /// `key: value`, rendered apart so that entries can be sorted.
        private mutating func entry(_ key: Any, _ value: Any, depth: Int) -> String {
            var entry = Walk(isExact: isExact)
            entry.objectsAbove = objectsAbove
            entry.write(key, depth: depth + 1)
            entry.text += ": "
            entry.write(value, depth: depth + 1)
            if entry.isIncomplete { isIncomplete = true }
            return entry.text
        }
    }

    /// The text of a value whose own description is known to be safe and exact, or of a date.
    private static func leafText(_ value: Any, isExact: Bool) -> String? {
        let type = type(of: value)
        if type == String.self, let string = value as? String { return string.debugDescription }
        if type == Date.self, let date = value as? Date { return ISO8601Text.describing(date) }
        if let date = value as? NSDate {
            return ISO8601Text.describing(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate))
        }
        if type == Bool.self || type == Int.self || type == Double.self || type == Float.self
            || type == Int8.self || type == Int16.self || type == Int32.self || type == Int64.self
            || type == UInt.self || type == UInt8.self || type == UInt16.self || type == UInt32.self
            || type == UInt64.self || type == Decimal.self || type == URL.self || type == UUID.self
            || value is NSNumber || value is NSNull || value is NSURL || value is NSUUID
        {
            return String(describing: value)
        }
        // Other numbers (`CGFloat`, `Float16`, `Int128`), whose parts `Mirror` cannot show.
        if value is any BinaryInteger || value is any FloatingPoint { return "\(type)(\(value))" }
        // Text, told apart from a `String` and from a number written the same.
        if type == Character.self || type == Substring.self {
            return "\(type)(\(String(describing: value).debugDescription))"
        }
        if let string = value as? NSString, type is NSString.Type { return String(string).debugDescription }
        if let data = value as? Data {
            guard isExact else { return "Data(\(data.count) bytes)" }
            return "Data(" + data.map { String($0, radix: 16) }.joined(separator: " ") + ")"
        }
        return nil
    }
}
