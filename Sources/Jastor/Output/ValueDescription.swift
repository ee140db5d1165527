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
/// A description stops at ``maximumDepth`` levels and after ``maximumItems`` values (`…` for the
/// rest, and how many items a list left out), and writes `Data` by its length; equality
/// (``isEqual(_:_:)``) walks as deep as the values go and compares `Data` byte by byte, each
/// shared part once (``Canonical``); a hash (``hashText(_:)``) reads the first levels only.
enum ValueDescription {
    /// Levels walked before the rest is written as `…`, in a description.
    static let maximumDepth = 12

    /// Values a description writes before the rest is written as `…`: a value whose arrays repeat
    /// (`a = [a, a]`, forty times) has more paths than any text could hold.
    static let maximumItems = 10_000

    /// The value's text.
    static func describing(_ value: Any) -> String {
        var walk = Walk(mode: .description)
        walk.write(value, depth: 0)
        return walk.text
    }

    /// Text that equal values (``isEqual(_:_:)``) share, to hash.
    ///
    /// The first two levels, eight items of each list, and the count of a set or dictionary
    /// below the first level: bounded whatever the value holds, and read in one order whatever
    /// order equal dictionaries and sets list their parts in.
    static func hashText(_ value: Any) -> String {
        var walk = Walk(mode: .hashing)
        walk.write(value, depth: 0)
        return walk.text
    }

    /// Whether the two values are the same, to their last level: their texts written in full
    /// (every level, `Data` by its bytes) are equal.
    ///
    /// Each part is written once with its parts by number (``Canonical``), so parts met again
    /// (an array, dictionary or object shared by several places) cost nothing more; the time is
    /// polynomial in the values' distinct parts, not in their paths. The walk keeps its way down
    /// in a worklist, not on the thread's stack, so values nested at any depth compare.
    static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        comparison(lhs, rhs).isEqual
    }

    /// ``isEqual(_:_:)``'s answer, and how many parts it wrote to get it (each distinct part once).
    static func comparison(_ lhs: Any, _ rhs: Any) -> (isEqual: Bool, partsWritten: Int) {
        // The very same value (one object, or the same stored bytes of one type) is equal to
        // itself at any depth, with nothing to walk.
        if isSameValue(lhs, rhs) { return (true, 0) }
        let canonical = Canonical()
        let left = canonical.number(of: lhs)
        let right = canonical.number(of: rhs)
        return (left == right, canonical.partsWritten)
    }

    /// Whether `lhs` and `rhs` are one object, or one value stored with the same bytes (a copy of
    /// an array or dictionary shares its storage): their texts are the same, whatever they hold.
    private static func isSameValue(_ lhs: Any, _ rhs: Any) -> Bool {
        let type = type(of: lhs)
        guard type == Swift.type(of: rhs) else { return false }
        // A class instance only: `as AnyObject` would bridge a Swift container on Linux.
        if type is AnyObject.Type { return (lhs as AnyObject) === (rhs as AnyObject) }
        return StoredValue(lhs) == StoredValue(rhs)
    }

    /// What a walk is for.
    fileprivate enum Mode {
        /// A description: ``maximumDepth`` levels, ``maximumItems`` values.
        case description
        /// Text to hash: two levels, eight items a list, sets and dictionaries below the first
        /// level by their count.
        case hashing
    }

    /// What a value that is not a leaf holds, one level down, and how its text is laid out around
    /// the texts of its parts: the one place that says how each kind of value is walked, for a
    /// description and text to hash (``Walk``, level by level) and for equality (``Canonical``,
    /// from a worklist).
    enum Parts {
        /// `open`, the items (each after its label and `: `, if it has one) separated by `, `,
        /// then `close`.
        case list(open: String, items: [(value: Any, label: String?)], close: String)
        /// `prefix`, then the entries as `key: value`, sorted by their text (equal dictionaries may
        /// list them in different orders), in `[…]`; `[:]` when there are none.
        case entries(prefix: String, [(key: Any, value: Any)])
        /// A set's elements, sorted by their text, in `Set[…]`.
        case set([Any])
        /// `prefix`, then the one part's text as it is (an enum case's tuple payload).
        case payload(prefix: String, Any)
        /// Text with no parts below it.
        case text(String)
    }

    /// What `value` (not a leaf, an optional or a value compared by its own equality) holds, with
    /// its type named `typeName`; `isExact` adds the bytes of a value with nothing to walk.
    static func parts(of value: Any, typeName: String, isExact: Bool) -> Parts {
        // Foundation's containers are read one level at a time, never cast: a cast bridges all
        // their levels at once (``FoundationContainer``).
        if let elements = FoundationContainer.elements(of: value) {
            return .list(open: "[", items: elements.map { ($0, nil) }, close: "]")
        }
        if let entries = FoundationContainer.entries(of: value) {
            return .entries(prefix: "", entries.map { ($0.key, $0.value) })
        }
        if let array = value as? [Any] { return .list(open: "[", items: array.map { ($0, nil) }, close: "]") }
        // A counted set's mirror shows its elements only: with how many times each is in it.
        if type(of: value) is NSCountedSet.Type, let set = value as? NSCountedSet {
            return .entries(prefix: typeName, set.allObjects.map { ($0, set.count(for: $0)) })
        }
        if let dictionary = value as? [AnyHashable: Any] {
            return .entries(prefix: "", dictionary.map { ($0.key.base, $0.value) })
        }
        return mirroredParts(of: value, typeName: typeName, isExact: isExact)
    }

    private static func mirroredParts(of value: Any, typeName: String, isExact: Bool) -> Parts {
        let mirror = Mirror(reflecting: value)
        let children = fields(of: mirror)
        switch mirror.displayStyle {
        case .enum:
            // A case without a payload has no child: its name from the runtime, never the
            // enum's own `description` (two cases may describe themselves alike, or trap).
            // The type's name too: `.a` of two enums are different values.
            guard let payload = children.first else {
                return .text("\(typeName).\(RuntimeLayout.enumCaseName(of: value) ?? String(describing: value))")
            }
            let prefix = "\(typeName).\(payload.label ?? "")"
            if Mirror(reflecting: payload.value).displayStyle == .tuple {
                return .payload(prefix: prefix, payload.value)
            }
            return .list(open: prefix + "(", items: [(payload.value, nil)], close: ")")
        case .tuple:
            return .list(
                open: "(", items: children.map { ($0.value, $0.label.flatMap { $0.hasPrefix(".") ? nil : $0 }) },
                close: ")")
        case .collection:
            return .list(open: "[", items: children.map { ($0.value, nil) }, close: "]")
        case .set:
            return .set(children.map(\.value))
        case _ where children.isEmpty && [nil, .struct, .class].contains(mirror.displayStyle):
            // A value with no parts to walk (an empty struct, a closure, an object that shows
            // no fields, a value whose own mirror hides them): its type's name, never its own
            // `description`, which may trap or say anything (numbers `Mirror` cannot show are
            // leaves, below). Equality adds its bytes: values with nothing to compare are the
            // same only when they are the same bits (an object by its identity).
            return .text("\(typeName)()" + (isExact ? "=" + bitPattern(of: value) : ""))
        case .dictionary:
            var entries: [(key: Any, value: Any)] = []
            for child in children {
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { continue }
                entries.append((pair[0].value, pair[1].value))
            }
            return .entries(prefix: "", entries)
        default:
            return .list(open: "\(typeName)(", items: children.map { ($0.value, $0.label) }, close: ")")
        }
    }

    /// One rendering: the text so far and the objects on the way down.
    private struct Walk {
        let mode: Mode
        var text = ""
        var objectsAbove: Set<ObjectIdentifier> = []
        /// Values a description may still write (``maximumItems``).
        var itemsLeft = ValueDescription.maximumItems

        init(mode: Mode) {
            self.mode = mode
        }

        mutating func write(_ value: Any, depth: Int) {
            // Transparent: a wrapped value is written as itself, at its own level.
            if let unwrapped = ValueDescription.unwrappedOptional(value) {
                guard let wrapped = unwrapped else { return text += "nil" }
                return write(wrapped, depth: depth)
            }
            if let leaf = ValueDescription.leafText(value, isExact: false) { return text += leaf }
            switch mode {
            case .description:
                guard depth < ValueDescription.maximumDepth, itemsLeft > 0 else { return text += "…" }
                itemsLeft -= 1
            case .hashing:
                guard depth < 2 else { return text += "…" }
            }
            // Hashing by the type's full name: two nested `Kind`s are different types.
            let typeName =
                if case .description = mode {
                    String(describing: type(of: value))
                } else {
                    String(reflecting: type(of: value))
                }
            if ValueDescription.comparesByItsOwnEquality(type(of: value)) {
                // Its `Mirror` shows storage, not value: by its type's name (to hash: equal
                // values share it), or its own text.
                switch mode {
                case .description: return text += "\(typeName)(\(value))"
                case .hashing: return text += typeName
                }
            }
            var object: ObjectIdentifier?
            if type(of: value) is AnyObject.Type {
                let identifier = ObjectIdentifier(value as AnyObject)
                guard objectsAbove.insert(identifier).inserted else { return text += "\(typeName)(…)" }
                object = identifier
            }
            defer {
                if let object { objectsAbove.remove(object) }
            }
            switch ValueDescription.parts(of: value, typeName: typeName, isExact: false) {
            case .list(let open, let items, let close): writeList(open, items, close, depth: depth)
            case .entries(let prefix, let entries):
                text += prefix
                writeEntries(entries, depth: depth)
            case .set(let elements):
                // Sorted: equal sets may list their elements in different orders.
                if case .hashing = mode, depth > 0 { return text += "Set(\(elements.count))" }
                let written = elements.map { element($0, depth: depth) }
                text += "Set[" + written.sorted().joined(separator: ", ") + "]"
            case .payload(let prefix, let payload):
                text += prefix
                write(payload, depth: depth + 1)
            case .text(let written): text += written
            }
        }

        private mutating func writeList(
            _ open: String, _ items: [(value: Any, label: String?)], _ close: String, depth: Int
        ) {
            text += open
            for (index, (item, label)) in items.enumerated() {
                if index > 0 { text += ", " }
                if isTruncated(after: index) {
                    text += "… (\(items.count - index) more)"
                    break
                }
                if let label { text += "\(label): " }
                write(item, depth: depth + 1)
            }
            text += close
        }

        /// Whether a list stops before its item at `index`: in a description that has written as
        /// many values as it may, and in text to hash after eight items.
        private func isTruncated(after index: Int) -> Bool {
            switch mode {
            case .description: itemsLeft <= 0
            case .hashing: index >= 8
            }
        }

        /// A dictionary's entries, sorted by their text: equal dictionaries may list them in
        /// different orders.
        private mutating func writeEntries(_ entries: [(key: Any, value: Any)], depth: Int) {
            if case .hashing = mode, depth > 0 { return text += "[:\(entries.count)]" }
            guard !entries.isEmpty else { return text += "[:]" }
            let written = entries.map { entry($0.key, $0.value, depth: depth) }
            text += "[" + written.sorted().joined(separator: ", ") + "]"
        }

        /// A set's element, rendered apart so that elements can be sorted.
        private mutating func element(_ value: Any, depth: Int) -> String {
            var element = Walk(mode: mode)
            element.objectsAbove = objectsAbove
            element.itemsLeft = itemsLeft
            element.write(value, depth: depth + 1)
            itemsLeft = element.itemsLeft
            return element.text
        }

        /// `key: value`, rendered apart so that entries can be sorted.
        private mutating func entry(_ key: Any, _ value: Any, depth: Int) -> String {
            var entry = Walk(mode: mode)
            entry.objectsAbove = objectsAbove
            entry.itemsLeft = itemsLeft
            entry.write(key, depth: depth + 1)
            entry.text += ": "
            entry.write(value, depth: depth + 1)
            itemsLeft = entry.itemsLeft
            return entry.text
        }
    }

    /// A mirror's children with its superclasses' first: an object's fields, every class down.
    static func fields(of mirror: Mirror) -> [Mirror.Child] {
        guard mirror.displayStyle == .class, let superclassMirror = mirror.superclassMirror else {
            return Array(mirror.children)
        }
        return fields(of: superclassMirror) + Array(mirror.children)
    }

    /// The bytes of `value` itself, in hex: the address of an object, a closure's function and
    /// context, a pointer's address, a struct's fields as stored.
    ///
    /// Only read, never interpreted: two values with the same bytes are the same value (an object
    /// is the same object), while equal values may differ in them (two closures that do the same,
    /// two equal objects), which leaves them unequal, never the other way round.
    fileprivate static func bitPattern(of value: Any) -> String {
        func bytes<Value>(_ value: Value) -> String {
            withUnsafeBytes(of: value) { $0.map { String($0, radix: 16) }.joined(separator: " ") }
        }
        return bytes(value)
    }

    /// A value's type and the bytes it is stored in (an array's or dictionary's storage address, a
    /// struct's fields, an indirect payload's box), read and compared, never interpreted.
    ///
    /// Two values of one type with the same bytes are the same value while whatever those bytes
    /// point to is alive and unchanged (storage shared by copies is copied before it is written);
    /// two equal values may differ in them (padding, two storages with equal contents), which only
    /// costs a second walk.
    struct StoredValue: Hashable {
        let type: ObjectIdentifier
        let bytes: [UInt8]

        init(_ value: Any) {
            func bytes<Value>(_ value: Value) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
            type = ObjectIdentifier(Swift.type(of: value))
            self.bytes = _openExistential(value, do: bytes)
        }
    }

    /// `nil` when `value` is not an optional; otherwise what it wraps (`.some(nil)` for `nil`).
    static func unwrappedOptional(_ value: Any) -> Any?? {
        guard let type = type(of: value) as? any UnwrappableOptional.Type else { return nil }
        func unwrap<Optional: UnwrappableOptional>(_: Optional.Type) -> Any? {
            guard let optional = value as? Optional else { return nil }
            var wrapped: Any?
            optional.unwrap({ wrapped = $0 }, none: {})
            return wrapped
        }
        return .some(unwrap(type))
    }

    /// Whether values of `type` are compared by their own `==`: Foundation value types whose
    /// `Mirror` shows a reference to their storage, not what they hold (two equal `CharacterSet`s
    /// hold different storage).
    static func comparesByItsOwnEquality(_ type: Any.Type) -> Bool {
        if type == CharacterSet.self || type == IndexSet.self || type == AttributedString.self
            || type == Locale.self || type == TimeZone.self || type == Calendar.self
            || type == URLComponents.self || type == DateComponents.self || type == PersonNameComponents.self
        {
            return true
        }
        return String(describing: type).hasPrefix("Measurement<")
    }

    /// The text of a value whose own description is known to be safe and exact, or of a date.
    static func leafText(_ value: Any, isExact: Bool) -> String? {
        let type = type(of: value)
        if type == String.self, let string = value as? String { return string.debugDescription }
        if type == Date.self, let date = value as? Date { return ISO8601Text.describing(date) }
        // Foundation's classes are told apart by type before any cast: a cast of a Swift array to
        // one of them bridges the whole array, every level (every path of shared parts), first.
        if type is NSDate.Type, let date = value as? NSDate {
            return ISO8601Text.describing(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate))
        }
        if type == Bool.self || type == Int.self || type == Double.self || type == Float.self
            || type == Int8.self || type == Int16.self || type == Int32.self || type == Int64.self
            || type == UInt.self || type == UInt8.self || type == UInt16.self || type == UInt32.self
            || type == UInt64.self || type == Decimal.self || type is NSNull.Type
        {
            return String(describing: value)
        }
        // By their kind and quoted text: never equal to the string, number or `nil` they spell.
        if type == URL.self || type is NSURL.Type, let url = value as? URL {
            // Its relative text and its base, as `URL`'s `==` compares them (`b` against
            // `https://example.com/a/` is not `https://example.com/a/b`).
            let base = url.baseURL.map { ", base: " + $0.absoluteString.debugDescription } ?? ""
            return "URL(\(url.relativeString.debugDescription)\(base))"
        }
        if type == UUID.self || type is NSUUID.Type, let uuid = value as? UUID {
            return "UUID(\(uuid.uuidString))"
        }
        if type is NSNumber.Type, let number = value as? NSNumber {
            // A boolean is written `true`, as JSON writes it and as a `Bool` is: never `1`.
            guard case .bool(let bool) = FoundationJSON.scalar(from: number) else { return number.description }
            return bool.description
        }
        // An unmanaged reference by its address, never walked: the object it names may be gone.
        if let unmanaged = value as? any UnmanagedReference { return "\(type)(\(unmanaged.address))" }
        // Vectors, whose lanes `Mirror` cannot show: their own text writes every lane.
        if let vector = value as? any SIMD { return "\(vector)" }
        // Other numbers (`CGFloat`, `Float16`, `Int128`), whose parts `Mirror` cannot show; an
        // object's identity, which its description writes.
        if value is any BinaryInteger || value is any FloatingPoint || type == ObjectIdentifier.self {
            return "\(type)(\(value))"
        }
        // Text, told apart from a `String` and from a number written the same.
        if type == Character.self || type == Substring.self {
            return "\(type)(\(String(describing: value).debugDescription))"
        }
        if type is NSString.Type, let string = value as? NSString { return String(string).debugDescription }
        if type == Data.self || type is NSData.Type, let data = value as? Data {
            guard isExact else { return "Data(\(data.count) bytes)" }
            return "Data(" + data.map { String($0, radix: 16) }.joined(separator: " ") + ")"
        }
        return nil
    }
}

/// An `Unmanaged` reference, whose object ``ValueDescription`` never reads: it may have been freed.
private protocol UnmanagedReference {
    /// The object's address, read from the reference without touching the object.
    var address: String { get }
}

extension Unmanaged: UnmanagedReference {
    fileprivate var address: String { "0x" + String(UInt(bitPattern: toOpaque()), radix: 16) }
}
