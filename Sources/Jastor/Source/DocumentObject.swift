import Foundation

/// The members of an object in a ``JSONDocument``; lookups scan its keys (the last duplicate wins).
struct DocumentObject: JSONObjectSource {
    let document: JSONDocument
    let container: Int
    /// How many members the object has (none when the node is not an object).
    let count: Int

    subscript(key: String) -> DocumentValue? {
        var found: Int?
        var keyIndex = container + 1
        var key = key
        let keyIsASCII = key.withUTF8(KeyTable.isASCII)
        for _ in 0..<count {
            if document.string(at: keyIndex, equals: key, keyIsASCII: keyIsASCII) { found = keyIndex + 1 }
            keyIndex = document.next(after: keyIndex + 1)
        }
        return found.map { DocumentValue(document: document, index: $0) }
    }

    /// One pass over the members, each key looked up in the plan's key table where it lies in
    /// the input; then the plan's properties in order.
    func forEachMappedMember(of plan: ClassPlan, _ body: (PropertyPlan, DocumentValue) -> Void) {
        let table = plan.keyTable
        guard table.count > 0, count > 0 else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: table.count) { found in
            found.initialize(repeating: -1)
            table.match(membersOf: container, count: count, in: document, into: found)
            for (property, position) in plan.keyedProperties where found[position] >= 0 {
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

    var foundationDictionary: [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(count)
        forEachMember { key, value in dictionary[key] = value.foundationValue }
        return dictionary
    }
}
