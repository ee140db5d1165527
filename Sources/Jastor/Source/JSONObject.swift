import Foundation

/// An ordered JSON object, optionally tagged with the model class that produced it.
///
/// The members are one array, searched by key: the objects a model writes are small, and
/// keeping no hash table beside them makes writing (the common use) cheap.
struct JSONObject: JSONObjectSource {
    /// One key and its value.
    struct Entry {
        let key: String
        var value: JSONValue
    }

    private(set) var entries: [Entry] = []
    /// The model the object was written from, if any.
    var model: ModelTag?

    init(model: ModelTag? = nil, capacity: Int = 0) {
        self.model = model
        entries.reserveCapacity(capacity)
    }

    /// Whether the object has no members.
    var isEmpty: Bool { entries.isEmpty }

    /// Adds a member; a repeated key replaces the earlier value and keeps its position.
    mutating func append(_ value: JSONValue, forKey key: String) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.append(Entry(key: key, value: value))
        }
    }

    /// Adds a member without searching for its key: for keys known to be new (a Swift
    /// dictionary's, a plan's distinct output keys), and for read input, where a repeated key is
    /// kept and lookups find the last one.
    mutating func appendNew(_ value: JSONValue, forKey key: String) {
        entries.append(Entry(key: key, value: value))
    }

    /// The value under `key`; the last one if the key repeats.
    subscript(key: String) -> JSONValue? {
        entries.last { $0.key == key }?.value
    }

    func forEachMappedMember(of plan: ClassPlan, _ body: (PropertyPlan, JSONValue) -> Void) -> MappedMemberNotes {
        let table = plan.keyTable
        guard table.count > 0, !entries.isEmpty else { return [] }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: table.count) { found in
            found.initialize(repeating: -1)
            var repeated = false
            var respelled = false
            for (index, entry) in entries.enumerated() {
                var key = entry.key
                let position = key.withUTF8 { table.position(of: $0, respelled: &respelled) }
                guard position >= 0 else { continue }
                if found[position] >= 0 { repeated = true }
                found[position] = index
            }
            for (property, position) in plan.keyedProperties where found[position] >= 0 {
                property.with { body($0, entries[found[position]].value) }
            }
            var notes: MappedMemberNotes = []
            if repeated { notes.insert(.repeatedKey) }
            if respelled { notes.insert(.respelledKey) }
            return notes
        }
    }

    /// Stores `value` at a key path below this object, creating the objects and arrays on the way
    /// (so two properties written to `personInfo.firstName` and `personInfo.lastName` share one
    /// `personInfo` object).
    mutating func insert(_ value: JSONValue, at path: ArraySlice<JastorPath.Component>) {
        guard let first = path.first else { return }
        guard path.count > 1 else { return append(value, forKey: first.objectKey) }
        // Taken out of `self`, so that the tree changes in place.
        var tree = JSONValue.object(self)
        entries = []
        tree.insert(value, at: path)
        if case .object(let object) = tree { self = object }
    }

    /// The value under `key`, replaced by `null` there; `nil` when the key is missing.
    ///
    /// The caller then holds the value alone and changes it in place; ``append(_:forKey:)`` puts
    /// it back.
    mutating func takeValue(forKey key: String) -> JSONValue? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        return exchange(&entries[index].value, with: .null)
    }

    func forEachMember(_ body: (String, JSONValue) -> Void) {
        for entry in entries {
            body(entry.key, entry.value)
        }
    }
}

extension JSONObject {
    /// The members as a Foundation dictionary.
    var foundationDictionary: [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(entries.count)
        forEachMember { key, value in dictionary[key] = value.foundationValue }
        return dictionary
    }
}
