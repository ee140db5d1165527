import Foundation

/// The members of a Foundation dictionary.
struct FoundationObject: JSONObjectSource {
    let dictionary: [String: Any]

    var foundationDictionary: [String: Any] { dictionary }

    subscript(key: String) -> FoundationJSON? {
        dictionary[key].map(FoundationJSON.init(raw:))
    }

    func forEachMappedMember(of plan: ClassPlan, _ body: (PropertyPlan, FoundationJSON) -> Void) -> Bool {
        for (reference, _) in plan.keyedProperties {
            reference.with { property in
                guard case .key(let key)? = property.inputKey, let value = dictionary[key] else { return }
                body(property, FoundationJSON(raw: value))
            }
        }
        return false
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
