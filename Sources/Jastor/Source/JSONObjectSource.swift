import Foundation

/// The members of a JSON object, looked up by key.
protocol JSONObjectSource: FoundationMemberLookup {
    associatedtype Member

    /// The member stored under `key`, or `nil` when the object has no such key.
    subscript(key: String) -> Member? { get }

    /// Calls `body` with each of `plan`'s single-key properties whose key the object has, in the
    /// plan's order, and the member under that key (the last one, if the key repeats).
    func forEachMappedMember(of plan: ClassPlan, _ body: (PropertyPlan, Member) -> Void)

    /// Calls `body` with every member, in the object's own order where it has one.
    func forEachMember(_ body: (String, Member) -> Void)

    /// Calls `body` with the members whose key is not one of `table`'s, as ``forEachMember(_:)``
    /// does; a source that can match keys without building them (the byte reader's) builds only
    /// those keys.
    func forEachMember(outside table: KeyTable, _ body: (String, Member) -> Void)

    /// The members as a Foundation dictionary, for class hooks that inspect the whole object.
    var foundationDictionary: [String: Any] { get }
}

extension JSONObjectSource {
    func forEachMember(outside table: KeyTable, _ body: (String, Member) -> Void) {
        forEachMember { key, member in
            if !table.contains(key) { body(key, member) }
        }
    }
}
