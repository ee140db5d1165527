import Foundation

/// The members of a Foundation dictionary.
struct FoundationObject: JSONObjectSource {
    let dictionary: [String: Any]

    var foundationDictionary: [String: Any] { dictionary }

    subscript(key: String) -> FoundationJSON? {
        dictionary[key].map(FoundationJSON.init(raw:))
    }

    func forEachMappedMember(of plan: ClassPlan, _ body: (PropertyPlan, FoundationJSON) -> Void) {
        for (property, _) in plan.keyedProperties {
            guard case .key(let key)? = property.inputKey, let value = dictionary[key] else { continue }
            body(property, FoundationJSON(raw: value))
        }
    }

    func forEachMember(_ body: (String, FoundationJSON) -> Void) {
        for (key, value) in dictionary {
            body(key, FoundationJSON(raw: value))
        }
    }
}
