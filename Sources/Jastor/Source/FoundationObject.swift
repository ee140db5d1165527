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

    func forEachMember(_ body: (String, FoundationJSON) -> Void) {
        for (key, value) in dictionary {
            body(key, FoundationJSON(raw: value))
        }
    }
}
