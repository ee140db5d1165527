import Foundation

/// The members of a Foundation dictionary.
struct FoundationObject: JSONObjectSource {
    let dictionary: [String: Any]

    var foundationDictionary: [String: Any] { dictionary }

    subscript(key: String) -> FoundationJSON? {
        dictionary[key].map(FoundationJSON.init(raw:))
    }

    func forEachMappedMember(of plan: ClassPlan, _ body: (PropertyPlan, FoundationJSON) -> Void) -> MappedMemberNotes {
        var respelled = false
        for (reference, _) in plan.keyedProperties {
            reference.with { property in
                // The closure is on the stack while the levels below are read: it finds the value
                // out of its frame (in a debug build, every local takes a slot of its own).
                guard let value = value(for: property, respelled: &respelled) else { return }
                body(property, FoundationJSON(raw: value))
            }
        }
        return respelled ? .respelledKey : []
    }

    /// The value under `property`'s key; sets `respelled` when the dictionary holds the key in
    /// another spelling.
    @inline(__always)
    private func value(for property: PropertyPlan, respelled: inout Bool) -> Any? {
        guard case .key(let key)? = property.inputKey else { return nil }
        guard property.inputKeyHasOtherSpellings else { return dictionary[key] }
        return value(checkingSpellingOf: key, for: property, respelled: &respelled)
    }

    /// The value under `key`, a key with other spellings; sets `respelled` when the dictionary
    /// holds it in another one.
    @inline(never)
    private func value(checkingSpellingOf key: String, for property: PropertyPlan, respelled: inout Bool) -> Any? {
        guard let index = dictionary.index(forKey: key) else { return nil }
        let member = dictionary[index]
        if !Self.isSpelled(member.key, as: key, asciiCount: property.inputKeyASCIICount) { respelled = true }
        return member.value
    }

    func otherSpelling(ofKey key: String) -> String? {
        guard let index = dictionary.index(forKey: key) else { return nil }
        let found = dictionary[index].key
        return Self.isSpelled(found, as: key, asciiCount: -1) ? nil : found
    }

    /// Whether `found`, a key `String` calls equal to `key`, has `key`'s UTF-8; `asciiCount` is
    /// `key`'s length when it is ASCII (``PropertyPlan/inputKeyASCIICount``), else -1.
    @inline(__always)
    private static func isSpelled(_ found: String, as key: String, asciiCount: Int) -> Bool {
        if asciiCount >= 0 { return found.utf8.count == asciiCount }
        return found.utf8.elementsEqual(key.utf8)
    }

    /// Calls `body` with each member in the order of their keys (`String`'s `<`): a dictionary has no
    /// order of its own, and its iteration order changes from one process to the next (Swift seeds
    /// its hashing per process), so the issues a run records and what a value limit keeps would too.
    func forEachMember(_ body: (String, FoundationJSON) -> Void) {
        guard dictionary.count > 1 else {
            for (key, value) in dictionary { body(key, FoundationJSON(raw: value)) }
            return
        }
        let members = dictionary.sorted { $0.key < $1.key }
        for (key, value) in members {
            body(key, FoundationJSON(raw: value))
        }
    }

    func forEachMemberInAnyOrder(_ body: (String, FoundationJSON) -> Void) {
        for (key, value) in dictionary {
            body(key, FoundationJSON(raw: value))
        }
    }
}
