import Foundation

/// The members of an object in a ``JSONDocument``; lookups scan its keys (the last duplicate wins).
struct DocumentObject: JSONObjectSource {
    let document: JSONDocument
    let container: Int
    /// How many members the object has (none when the node is not an object).
    let count: Int

    subscript(key: String) -> DocumentValue? {
        var bytes = key
        let found = bytes.withUTF8 { members(keyed: $0, key).last }
        return found < 0 ? nil : DocumentValue(document: document, index: found)
    }

    static var mayRepeatKeys: Bool { true }

    func count(ofKey key: String) -> Int {
        var bytes = key
        return bytes.withUTF8 { members(keyed: $0, key).count }
    }

    /// The node of the value of the last member whose key is `key` (whose UTF-8 is `bytes`), or -1,
    /// and how many members have that key.
    ///
    /// A key the reader left in the input is compared there, by its length and bytes; only one
    /// that differs where it or `key` has a byte outside ASCII, and a key the reader decoded, go
    /// on to ``JSONDocument/string(at:equals:keyIsASCII:)``, which compares them as `String`s.
    /// A `key` with no other spelling (``PropertyPlan/hasOtherSpellings(utf8:)``: ASCII without
    /// `K`, `;` or a backtick) is decided by its bytes alone, and no other member's key is scanned
    /// for non-ASCII bytes.
    @inline(__always)
    private func members(keyed bytes: UnsafeBufferPointer<UInt8>, _ key: String) -> (last: Int, count: Int) {
        let nodes = document.nodes
        // The document holds its input for as long as it lives, the whole call.
        let input = document.bytes
        let keyIsASCII = KeyTable.isASCII(bytes)
        let mayBeSpelledOtherwise = PropertyPlan.hasOtherSpellings(utf8: bytes)
        var found = -1
        var matches = 0
        var keyIndex = container + 1
        for _ in 0..<count {
            let node = nodes[keyIndex]
            if node.kind == .string {
                // In bounds by construction: the reader made a key node's range from the input's.
                let text = UnsafeBufferPointer(rebasing: input[node.first..<node.first + node.second])
                if text.count == bytes.count, Self.equal(text, bytes) {
                    found = keyIndex + 1
                    matches += 1
                } else if mayBeSpelledOtherwise, !keyIsASCII || !KeyTable.isASCII(text),
                    document.string(at: keyIndex, equals: key, keyIsASCII: keyIsASCII)
                {
                    found = keyIndex + 1
                    matches += 1
                }
            } else if document.string(at: keyIndex, equals: key, keyIsASCII: keyIsASCII) {
                found = keyIndex + 1
                matches += 1
            }
            let value = nodes[keyIndex + 1]
            keyIndex = value.kind == .object || value.kind == .array ? value.second : keyIndex + 2
        }
        return (found, matches)
    }

    /// The first member's key `String` calls equal to `key`, when its bytes are not `key`'s.
    ///
    /// Compared as ``members(keyed:_:)`` compares, without counting a repair: a key read as the
    /// repair of invalid text is reported where it is read, and its repair is `key`'s bytes.
    func otherSpelling(ofKey key: String) -> String? {
        var copy = key
        return copy.withUTF8 { bytes in
            let keyIsASCII = KeyTable.isASCII(bytes)
            var keyIndex = container + 1
            for _ in 0..<count {
                // `.some(nil)`: the first member holding the key spells it as `key` does.
                let spelling: String?? = document.withStringBytes(at: keyIndex) { text in
                    if text.count == bytes.count, Self.equal(text, bytes) { return .some(nil) }
                    guard !keyIsASCII || !KeyTable.isASCII(text) else { return nil }
                    let read = String(decoding: text, as: UTF8.self)
                    guard read == key else { return nil }
                    return .some(read.utf8.elementsEqual(bytes) ? nil : read)
                }
                if let spelling { return spelling }
                keyIndex = document.next(after: keyIndex + 1)
            }
            return nil
        }
    }

    /// Whether two byte ranges of the same length hold the same bytes.
    @inline(__always)
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        return memcmp(first, second, a.count) == 0
    }

    /// The member under `key` as a Foundation value (what the polymorphism hook's view hands
    /// out); a string is built from its node without forming its kind, as its kind would build it.
    func foundationMember(_ key: String) -> Any? {
        guard let member = self[key] else { return nil }
        switch document.nodes[member.index].kind {
        case .string, .decodedString: return document.string(at: member.index)
        default:
            if case .scalar(let scalar) = member.kind { return scalar.jsonValue.foundationValue }
            return member.foundationValue
        }
    }

    /// One pass over the members, each key looked up in the plan's key table where it lies in
    /// the input; then the plan's properties in order.
    func forEachMappedMember(of plan: ClassPlan, _ body: (PropertyPlan, DocumentValue) -> Void) -> MappedMemberNotes {
        let table = plan.keyTable
        guard table.count > 0, count > 0 else { return [] }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: table.count) { found in
            found.initialize(repeating: -1)
            let notes = table.match(membersOf: container, count: count, in: document, into: found)
            for (property, position) in plan.keyedProperties where found[position] >= 0 {
                property.with { body($0, DocumentValue(document: document, index: found[position])) }
            }
            return notes
        }
    }

    /// One pass over the members, each key looked up in the plan's table of property names.
    ///
    /// Each key is looked up where it lies in the input, as ``forEachMappedMember(of:_:)`` looks
    /// keys up; then the plan's properties are called in order. It finds what ``subscript(key:)``
    /// would find for each name, without scanning the object once per property.
    func forEachNamedMember(of plan: ClassPlan, _ body: (PropertyPlan, DocumentValue) -> Void) {
        let table = plan.nameTable
        guard table.count > 0, count > 0 else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: table.count) { found in
            found.initialize(repeating: -1)
            // Archives refuse a key given twice, and read every property by name whatever its
            // spelling: what the match notes is not wanted here.
            _ = table.match(membersOf: container, count: count, in: document, into: found)
            for (property, position) in plan.namedProperties where found[position] >= 0 {
                property.with { body($0, DocumentValue(document: document, index: found[position])) }
            }
        }
    }

    // Keys are matched where they lie in the input: only the others become `String`s.
    func forEachMember(outside table: KeyTable, _ body: (String, DocumentValue) -> Void) {
        var keyIndex = container + 1
        for _ in 0..<count {
            if document.withStringBytes(at: keyIndex, { table.position(of: $0) }) < 0 {
                body(document.string(at: keyIndex), DocumentValue(document: document, index: keyIndex + 1))
            }
            keyIndex = document.next(after: keyIndex + 1)
        }
    }

    func forEachMember(_ body: (String, DocumentValue) -> Void) {
        var keyIndex = container + 1
        for _ in 0..<count {
            body(document.string(at: keyIndex), DocumentValue(document: document, index: keyIndex + 1))
            keyIndex = document.next(after: keyIndex + 1)
        }
    }

    // Two passes: the first finds the position of each key's last member. Only walks off the
    // usual path call it (issues about the values kept).
    func forEachKeptMember(_ body: (String, DocumentValue) -> Void) {
        var last: [String: Int] = [:]
        var position = 0
        forEachMember { key, _ in
            last[key] = position
            position += 1
        }
        guard last.count < count else { return forEachMember(body) }
        position = 0
        forEachMember { key, value in
            if last[key] == position { body(key, value) }
            position += 1
        }
    }

    var foundationDictionary: [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(count)
        forEachMember { key, value in
            if dictionary.updateValue(value.foundationValue, forKey: key) != nil { document.countDuplicate(of: key) }
        }
        return dictionary
    }
}
