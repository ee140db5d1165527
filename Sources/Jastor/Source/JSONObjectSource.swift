import Foundation

/// The members of a JSON object, looked up by key.
protocol JSONObjectSource: FoundationMemberLookup {
    associatedtype Member

    /// The member stored under `key`, or `nil` when the object has no such key.
    subscript(key: String) -> Member? { get }

    /// Whether the object can give a key more than once (JSON text's can; a dictionary's cannot).
    static var mayRepeatKeys: Bool { get }

    /// How many members have `key`: more than one only where ``mayRepeatKeys``.
    func count(ofKey key: String) -> Int

    /// Calls `body` with each of `plan`'s single-key properties whose key the object has, in the
    /// plan's order, and the member under that key (the last one, if the key repeats).
    ///
    /// - Returns: Whether a key of `plan`'s table is given more than once (a Foundation
    ///   dictionary's keys never are).
    @discardableResult
    func forEachMappedMember(of plan: ClassPlan, _ body: (PropertyPlan, Member) -> Void) -> Bool

    /// Calls `body` with every member, in the object's own order where it has one (a document's),
    /// else in one order for every run (a Foundation dictionary's, by its keys).
    func forEachMember(_ body: (String, Member) -> Void)

    /// Calls `body` with every member in whatever order is cheapest: for walks whose outcome no
    /// order changes (counting values).
    func forEachMemberInAnyOrder(_ body: (String, Member) -> Void)

    /// Calls `body` with the members, as ``forEachMember(_:)`` does, leaving out those whose key
    /// is one of `table`'s where the source can tell without building the key (the byte reader's);
    /// other sources call it with every member, and callers filter the keys they get.
    func forEachMember(outside table: KeyTable, _ body: (String, Member) -> Void)

    /// The members as a Foundation dictionary, for class hooks that inspect the whole object.
    var foundationDictionary: [String: Any] { get }
}

extension JSONObjectSource {
    static var mayRepeatKeys: Bool { false }

    func count(ofKey key: String) -> Int { self[key] == nil ? 0 : 1 }

    func forEachMemberInAnyOrder(_ body: (String, Member) -> Void) {
        forEachMember(body)
    }

    // A Foundation key is a `String` already: matching it against the table would only add a copy
    // and a hash to the caller's own lookup.
    func forEachMember(outside table: KeyTable, _ body: (String, Member) -> Void) {
        forEachMember(body)
    }
}
