import Foundation
import Jastor
import Testing

/// Counts the observer calls of its models; each test uses its own counter.
private final class ObserverLog: @unchecked Sendable {
    // @unchecked: each test owns one log and uses it from one task.
    var calls: [String] = []
}

private class Observed: JastorObject {
    nonisolated(unsafe) static var log = ObserverLog()

    var name = "" {
        didSet { Self.log.calls.append("name \(oldValue) → \(name)") }
    }
    var count = 0

    override class var properties: [JastorProperty] {
        [.init("name", \Observed.name), .init("count", \Observed.count)]
    }
}

private final class ObservedSubclass: Observed {
    override var count: Int {
        didSet { Self.log.calls.append("count \(oldValue) → \(count)") }
    }
}

/// A node whose `weak` parent link is registered: a declaration mistake (nothing would keep a
/// mapped parent).
private final class WeakLinked: JastorObject {
    weak var parent: WeakLinked?
    var name = ""

    override class var properties: [JastorProperty] {
        [.init("parent", \WeakLinked.parent), .init("name", \WeakLinked.name)]
    }
}

/// Scalar and optional scalar properties with defaults other than the type's zero.
private final class Scalars: JastorObject {
    var count = 7
    var label: String? = "default"
    var ratio: Double? = 1.5
    var name = "default"
    var note: String? = "kept"

    override class var properties: [JastorProperty] {
        [
            .init("count", \Scalars.count), .init("label", \Scalars.label), .init("ratio", \Scalars.ratio),
            .init("name", \Scalars.name), .init("note", \Scalars.note),
        ]
    }
}

/// Initialisers write storage (observers stay quiet, as in any Swift initialiser); `update(with:)`
/// assigns through setters (observers and overriding observers run); a registered `weak` model
/// property is a declaration mistake, left alone.
@Suite(.serialized) struct PropertyStorageTests {
    @Test func initialisersDoNotRunObservers() throws {
        Observed.log = ObserverLog()
        let fromDictionary = ObservedSubclass(dictionary: ["name": "a", "count": 2])
        let fromJSON = try ObservedSubclass(jsonString: #"{"name": "b", "count": 3}"#)
        #expect(fromDictionary.name == "a" && fromDictionary.count == 2)
        #expect(fromJSON.name == "b" && fromJSON.count == 3)
        #if JASTOR_SAFE_REFLECTION
        // Without the runtime layout, initialisers write through setters (see RuntimeLayout.swift).
        // (Naming the properties, once per class, writes samples into blank models through setters too.)
        #expect(Set(Observed.log.calls).isSuperset(of: ["name  → a", "count 0 → 2", "name  → b", "count 0 → 3"]))
        #else
        #expect(Observed.log.calls.isEmpty)
        #endif
    }

    @Test func updateRunsObserversAndOverridingObservers() {
        Observed.log = ObserverLog()
        let model = ObservedSubclass(dictionary: ["name": "a", "count": 2])
        model.update(with: ["name": "b", "count": 5])
        #expect(model.name == "b" && model.count == 5)
        #if JASTOR_SAFE_REFLECTION
        // The initialiser's writes went through the setters too (see RuntimeLayout.swift).
        #expect(Observed.log.calls.suffix(2) == ["name a → b", "count 2 → 5"])
        #else
        #expect(Observed.log.calls == ["name a → b", "count 2 → 5"])
        #endif
    }

    @Test func valuesWrittenToStorageReadBackThroughProperties() {
        let model = ObservedSubclass(dictionary: ["name": "storage", "count": 7])
        #expect(model.toDictionary()["name"] as? String == "storage")
        #expect(model.toDictionary()["count"] as? Int == 7)
        model.count = 8
        #expect(model.toDictionary()["count"] as? Int == 8)
    }

    @Test func aRegisteredWeakModelPropertyIsReportedAndLeftAlone() throws {
        #expect(
            WeakLinked.declarationIssues.map(\.description) == [
                "WeakLinked.parent: expected a property that keeps the WeakLinked it is given (a strong reference), "
                    + "found one that does not (weak or unowned): list it with ignored(_:)"
            ])
        let child = try WeakLinked(jsonString: #"{"name": "child", "parent": {"name": "parent"}}"#)
        #expect(child.name == "child")
        #expect(child.parent == nil)
        let kept = WeakLinked(dictionary: ["name": "kept"])
        child.parent = kept
        #expect(child.toDictionary().keys.sorted() == ["name"])
    }

    /// Scalars and optional scalars read from bytes go straight into storage: a value that fits
    /// replaces the default, `null` clears an optional, and one that does not fit keeps the default.
    @Test func scalarsFromBytesReplaceStorageOrKeepTheDefault() throws {
        var issues: [JastorIssue] = []
        let json = #"{"count": "abc", "label": null, "ratio": 2.5, "name": "a", "note": true}"#
        let model = try Scalars(jsonString: json, issues: &issues)
        #expect(model.count == 7)
        #expect(model.label == nil)
        #expect(model.ratio == 2.5)
        #expect(model.name == "a")
        #expect(model.note == "kept")
        #expect(
            issues.map(\.description).sorted() == [
                #"count: expected Int, found String "abc""#, "note: expected String, found Bool true",
            ])
    }
}
