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
    ///   dictionary's keys never are), and whether one is given in another Unicode spelling.
    @discardableResult
    func forEachMappedMember(of plan: ClassPlan, _ body: (PropertyPlan, Member) -> Void) -> MappedMemberNotes

    /// Calls `body` with each of `plan`'s properties whose name the object has as a key, in the
    /// plan's order, and the member under that key (the last one, if the key repeats): how
    /// archives, which write each property under its name, are read.
    func forEachNamedMember(of plan: ClassPlan, _ body: (PropertyPlan, Member) -> Void)

    /// The key under which the object gives `key` when its UTF-8 differs from `key`'s (another
    /// Unicode spelling of the same text, `"cafe\u{301}"` for `"café"`, which `String` calls
    /// equal); `nil` when the object gives it as spelled, or not at all.
    ///
    /// The first member holding the key counts, as in a Foundation dictionary, which keeps the
    /// first key it is given and the last value.
    func otherSpelling(ofKey key: String) -> String?

    /// Calls `body` with every member, in the object's own order where it has one (a document's),
    /// else in one order for every run (a Foundation dictionary's, by its keys).
    func forEachMember(_ body: (String, Member) -> Void)

    /// Calls `body` with the members a Foundation dictionary built from the object keeps, as
    /// ``forEachMember(_:)`` orders them: of a key given more than once, only the last member.
    func forEachKeptMember(_ body: (String, Member) -> Void)

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

/// What ``JSONObjectSource/forEachMappedMember(of:_:)`` saw of the keys it matched, besides the
/// members it handed over: each note calls for a look at the object's keys again, off the usual
/// path.
///
/// Its members are constants, not stored statics, so that the mapping loop reads no lazily
/// initialised global to return one.
struct MappedMemberNotes: OptionSet {
    let rawValue: UInt8

    /// A key of the plan's table is given more than once.
    static var repeatedKey: MappedMemberNotes { MappedMemberNotes(rawValue: 1) }
    /// A key of the plan's table is given in another Unicode spelling than the table's.
    static var respelledKey: MappedMemberNotes { MappedMemberNotes(rawValue: 2) }

    /// Whether nothing was noted (one comparison, not `SetAlgebra`'s).
    var isEmpty: Bool { rawValue == 0 }
}

extension JSONObjectSource {
    static var mayRepeatKeys: Bool { false }

    func otherSpelling(ofKey key: String) -> String? {
        var spelling: String?
        var found = false
        forEachMember { member, _ in
            guard !found, member == key else { return }
            found = true
            if !member.utf8.elementsEqual(key.utf8) { spelling = member }
        }
        return spelling
    }

    func count(ofKey key: String) -> Int { self[key] == nil ? 0 : 1 }

    // Every member: a key is given once (``mayRepeatKeys``).
    func forEachKeptMember(_ body: (String, Member) -> Void) {
        forEachMember(body)
    }

    // A lookup per property: a Foundation object finds a key by hashing it.
    func forEachNamedMember(of plan: ClassPlan, _ body: (PropertyPlan, Member) -> Void) {
        for property in plan.properties {
            guard let member = self[property.name] else { continue }
            body(property, member)
        }
    }

    func forEachMemberInAnyOrder(_ body: (String, Member) -> Void) {
        forEachMember(body)
    }

    // A Foundation key is a `String` already: matching it against the table would only add a copy
    // and a hash to the caller's own lookup.
    func forEachMember(outside table: KeyTable, _ body: (String, Member) -> Void) {
        forEachMember(body)
    }
}
