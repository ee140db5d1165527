import Foundation
import Synchronization
import Testing

@testable import Jastor

private class Event: JastorObject {
    var id = ""
    var type = ""

    override class var properties: [JastorProperty] { [.init("id", \Event.id), .init("type", \Event.type)] }
    override class var archiveSubclasses: [JastorObject.Type] { [PushEvent.self, WatchEvent.self] }

    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        switch json["type"] as? String {
        case "PushEvent": PushEvent.self
        case "WatchEvent": WatchEvent.self
        case "Bogus": Product.self
        default: nil
        }
    }
}

private final class PushEvent: Event {
    var commits = 0

    override class var properties: [JastorProperty] { [.init("commits", \PushEvent.commits)] }
}

private final class WatchEvent: Event {
    var action = ""

    override class var properties: [JastorProperty] { [.init("action", \WatchEvent.action)] }
}

private final class Timeline: JastorObject {
    var events: [Event] = []
    var latest: Event?
    var byId: [String: Event] = [:]

    override class var properties: [JastorProperty] {
        [.init("events", \Timeline.events), .init("latest", \Timeline.latest), .init("byId", \Timeline.byId)]
    }
}

/// A user's own `Codable` response holding models of a class with a hook, as Foundation decodes them.
private struct EventFeed: Codable {
    var events: [Event]
    var latest: Event?
}

/// The same, with the models mapped by Jastor, whose hook picks their classes.
private struct PolymorphicEventFeed: Codable, Equatable {
    @JastorPolymorphic var events: [Event]
    @JastorPolymorphic var latest: Event?
    @JastorPolymorphic var byId: [String: Event]?
}

/// A wrapped optional of an optional: `.some(nil)` and `nil` both write `null`.
private struct NestedOptionalFeed: Codable {
    @JastorPolymorphic var answer: Int?? = .some(nil)
    @JastorPolymorphic var answers: [Int??] = []
}

/// A base class without a hook: JSON output of a subclass in its slot reads back as the base.
private class Shape: JastorObject {
    var name = ""

    override class var properties: [JastorProperty] { register(\.name) }
    override class var archiveSubclasses: [JastorObject.Type] { [Circle.self] }
}

private final class Circle: Shape {
    var radius = 0.0

    override class var properties: [JastorProperty] { register(\.radius) }
}

private final class Drawing: JastorObject {
    var shapes: [Shape] = []
    var figures: [Any] = []

    override class var properties: [JastorProperty] { register(\.shapes) { property(\.figures) } }
    override class var arrayElementTypes: [String: JastorObject.Type] { ["figures": Shape.self] }
}

/// Shapes only written (`.encodeOnly`): mapping never reads them back, so a subclass there is no loss.
private final class Poster: JastorObject {
    var title = ""
    var cover: Shape?
    var gallery: [Shape] = []

    override class var properties: [JastorProperty] {
        register(\.title) {
            property(\.cover, direction: .encodeOnly)
            property(\.gallery, direction: .encodeOnly)
        }
    }
}

/// The same under a key path, which is written through the tree rather than streamed.
private final class Framed: JastorObject {
    var title = ""
    var nested: Shape?

    override class var properties: [JastorProperty] {
        register(\.title) { property(\.nested, key: "meta.shape", direction: .encodeOnly) }
    }
}

/// The number of times ``Link/modelClass(for:)`` ran, for the test that counts the read-back checks.
private let linkHookCalls = Mutex(0)

/// A chain of links, the subclass picked by `"kind"`.
private class Link: JastorObject {
    var name = ""
    var next: Link?

    override class var properties: [JastorProperty] { register(\.name, \.next) }
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        linkHookCalls.withLock { $0 += 1 }
        return json["kind"] as? String == "sub" ? SubLink.self : nil
    }
}

private final class SubLink: Link {
    var kind = "sub"

    override class var properties: [JastorProperty] { register(\.kind) }
}

/// A class below a hookless one that brings its own hook, generic so that its metadata is made at run time.
private class Tagged<Payload>: Shape {
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        json["tag"] as? String == "special" ? SpecialTagged<Payload>.self : nil
    }
}

private final class SpecialTagged<Payload>: Tagged<Payload> {
    var tag = ""

    override class var properties: [JastorProperty] { register(\.tag) }
}

/// A generic class with no hook of its own or inherited.
private final class Plain<Payload>: JastorObject {}

private final class TagHolder: JastorObject {
    var tagged: Tagged<Int>?
    var plain: Shape?

    override class var properties: [JastorProperty] { register(\.tagged, \.plain) }
}

/// What ``Looking/modelClass(for:)`` saw under each of ``Looking/lookedUp``, one line per call.
private let lookingSeen = Mutex<[String]>([])

/// A class whose hook looks up keys alike in length, bytes and spelling, and records what it finds.
private class Looking: JastorObject {
    var type = ""

    static let lookedUp = ["type", "typo", "kind", "名前", "K", ""]

    override class var properties: [JastorProperty] { register(\.type) }
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        let seen = lookedUp.map { key in
            let value = json[key]
            return value.map { ($0 as? String).map(\.debugDescription) ?? "not a String" } ?? "none"
        }
        lookingSeen.withLock { $0.append(seen.joined(separator: " | ")) }
        return json["type"] as? String == "sub" ? SubLooking.self : nil
    }
}

private final class SubLooking: Looking {}

/// A base class whose hook picks the subclass from a `Double` discriminator.
private class Figure: JastorObject {
    var version = 1.0

    override class var properties: [JastorProperty] { register(\.version) }
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        json["version"] as? Double == 2.0 ? FigureV2.self : nil
    }
}

private final class FigureV2: Figure {
    var sides = 0

    override class var properties: [JastorProperty] { register(\.sides) }
}

/// A base class whose hook picks the subclass from an `Int` discriminator, held as a `Double`.
private class Release: JastorObject {
    var version = 1.0

    override class var properties: [JastorProperty] { register(\.version) }
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        json["version"] as? Int == 2 ? ReleaseV2.self : nil
    }
}

private final class ReleaseV2: Release {
    var notes = ""

    override class var properties: [JastorProperty] { register(\.notes) }
}

private final class Album: JastorObject {
    var figure: Figure?
    var figures: [Figure] = []
    var release: Release?

    override class var properties: [JastorProperty] { register(\.figure, \.figures, \.release) }
}

/// A class hook picks the subclass from the dictionary, everywhere a model is built.
@Suite struct PolymorphismTests {
    /// An initialiser builds the class it is called on, and says so where the hook picks another.
    ///
    /// The model is filled as its own class and an issue says so, from bytes and from a dictionary
    /// (the subclass's keys would be lost in silence); strict initialisers throw. A root array, or
    /// the subclass's own initialiser, builds what the hook picks.
    @Test func aRootInitialiserWhoseHookPicksAnotherClassSaysSo() throws {
        let push: [String: Any] = ["id": "1", "type": "PushEvent", "commits": 3]
        let expected =
            "expected an object Event.modelClass(for:) builds as Event, the class this initialiser builds (map the "
            + "object in an [Event], or decode JastorPolymorphic<Event>, to build the class it picks), found one it "
            + "builds as PushEvent"
        var issues: [JastorIssue] = []
        let fromDictionary = Event(dictionary: push, issues: &issues)
        #expect(issues.map(\.description) == [expected])
        #expect(fromDictionary.id == "1" && type(of: fromDictionary) == Event.self)
        var bytesIssues: [JastorIssue] = []
        let data = try JSONSerialization.data(withJSONObject: push)
        _ = try Event(json: data, issues: &bytesIssues)
        #expect(bytesIssues.map(\.description) == [expected])
        #expect(throws: JastorError.self) { try Event(validating: push) }
        // The subclass itself, a base object, and a root array read without an issue.
        var none: [JastorIssue] = []
        #expect(try PushEvent(json: data, issues: &none).commits == 3)
        _ = Event(dictionary: ["id": "2", "type": "Other"], issues: &none)
        let events = [Event](jsonArray: [push])
        #expect((events.first as? PushEvent)?.commits == 3)
        #expect(none.isEmpty, "\(none)")
        // A hook picking an unrelated class is reported as for a property.
        var bogus: [JastorIssue] = []
        _ = Event(dictionary: ["type": "Bogus"], issues: &bogus)
        #expect(bogus.map(\.expected) == ["Event or a subclass from Event.modelClass(for:)"])
    }

    /// Only classes that override the hook or inherit an override have it consulted.
    ///
    /// The others would pick nothing, so the hook's view of an object is not built for them.
    /// Builds with `JASTOR_SAFE_REFLECTION` read no metadata and count every class as overriding it.
    @Test func onlyClassesWithAHookConsultIt() {
        for hooked: JastorObject.Type in [
            Event.self, PushEvent.self, Link.self, SubLink.self, Tagged<Int>.self, SpecialTagged<String>.self,
        ] {
            #expect(RuntimeLayout.overridesModelClassHook(hooked), "\(hooked)")
        }
        for hookless: JastorObject.Type in [
            JastorObject.self, Shape.self, Circle.self, Timeline.self, Plain<Int>.self, Plain<[String]>.self,
        ] {
            #expect(RuntimeLayout.overridesModelClassHook(hookless) == !RuntimeLayout.isAvailable, "\(hookless)")
        }
    }

    @Test func aHookBelowAHooklessClassStillPicks() throws {
        let holder = try TagHolder(
            json: Data(#"{"tagged": {"tag": "special", "name": "t"}, "plain": {"name": "p", "tag": "special"}}"#.utf8))
        #expect((holder.tagged as? SpecialTagged<Int>)?.tag == "special")
        #expect(holder.tagged?.name == "t")
        #expect(holder.plain.map { type(of: $0) == Shape.self } == true)
        #expect(holder.plain?.name == "p")
    }

    @Test func arrayElementsAndPropertiesBecomeTheirSubclass() throws {
        var issues: [JastorIssue] = []
        let timeline = Timeline(dictionary: try Fixtures.dictionary("events_polymorphic"), issues: &issues)
        #expect(issues.isEmpty)
        #expect(
            timeline.events.map { String(describing: type(of: $0)) } == [
                "PushEvent", "WatchEvent", "Event", "PushEvent",
            ])
        #expect((timeline.events[0] as? PushEvent)?.commits == 3)
        #expect((timeline.events[1] as? WatchEvent)?.action == "started")
        #expect(timeline.events[2].id == "3")
        #expect((timeline.latest as? WatchEvent)?.id == "5")
    }

    @Test func dictionaryValuesAndRootArraysToo() {
        let timeline = Timeline(dictionary: ["byId": ["a": ["type": "PushEvent", "commits": 2]]])
        #expect((timeline.byId["a"] as? PushEvent)?.commits == 2)
        let events = [Event](jsonArray: [["type": "WatchEvent", "action": "starred"], ["type": "other"]])
        #expect((events[0] as? WatchEvent)?.action == "starred")
        #expect(type(of: events[1]) == Event.self)
    }

    @Test func subclassesWriteAndArchiveTheirOwnProperties() throws {
        let timeline = Timeline(dictionary: try Fixtures.dictionary("events_polymorphic"))
        let output = timeline.toDictionary()
        #expect(Timeline(dictionary: output) == timeline, "the type key picks the same classes again")
        let copy = try Timeline.unarchive(from: try timeline.archivedData())
        #expect(copy == timeline)
        #expect((copy.events[3] as? PushEvent)?.commits == 1)
    }

    @Test func aHookReturningAnUnrelatedClassIsReportedAndIgnored() {
        var issues: [JastorIssue] = []
        let timeline = Timeline(dictionary: ["latest": ["type": "Bogus", "id": "9"]], issues: &issues)
        #expect(timeline.latest.map { type(of: $0) == Event.self } == true)
        #expect(timeline.latest?.id == "9")
        #expect(
            issues.map(\.description) == [
                "latest: expected Event or a subclass from Event.modelClass(for:), found Product"
            ])
    }
    /// JSON records no class: a subclass the hook would not pick back from its JSON is reported by
    /// JSON text, `Codable` and `toDictionary(issues:)`, at its path, instead of reading back as
    /// the base class without its own properties; one the hook picks back, and archives, say nothing.
    @Test func aSubclassThatWouldReadBackAsItsBaseIsReported() throws {
        let circle = Circle()
        circle.name = "c"
        circle.radius = 2.5
        let drawing = Drawing()
        drawing.shapes = [Shape(), circle]
        drawing.figures = [circle]
        let expected = [
            "shapes[1]: expected a model that reads back as its own class (JSON records none: Shape.modelClass(for:) "
                + "picks it from its JSON; archives record it), found Circle, which would read back as Shape",
            "figures[0]: expected a model that reads back as its own class (JSON records none: Shape.modelClass(for:) "
                + "picks it from its JSON; archives record it), found Circle, which would read back as Shape",
        ]
        let error = try #require(throws: JastorError.self) { try drawing.jsonData() }
        #expect(error.issues.map(\.description).sorted() == expected.sorted())
        var issues: [JastorIssue] = []
        _ = drawing.toDictionary(issues: &issues)
        #expect(issues.map(\.description).sorted() == expected.sorted())
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(drawing) }
        let copy = try Drawing.unarchive(from: drawing.archivedData())
        #expect(copy == drawing)
        #expect((copy.figures.first as? Circle)?.radius == 2.5)
        // The hook picks these back from their "type": nothing to report.
        let timeline = Timeline(dictionary: try Fixtures.dictionary("events_polymorphic"))
        #expect(try Timeline(json: timeline.jsonData()) == timeline)
    }

    /// The declared class itself is checked where it overrides the hook: a base `Event` whose
    /// `type` says `"PushEvent"` reads back as a `PushEvent`, so every JSON output reports it, and
    /// an `Event` of any other type reads back as itself, with nothing to report.
    @Test func aBaseModelItsHookWouldReadBackAsASubclassIsReported() throws {
        let event = Event()
        event.id = "1"
        event.type = "PushEvent"
        let timeline = Timeline()
        timeline.latest = event
        timeline.events = [event]
        let expected = ["events[0]", "latest"].map {
            "\($0): expected a model that reads back as its own class (JSON records none: Event.modelClass(for:) "
                + "picks it from its JSON; archives record it), found Event, which would read back as PushEvent"
        }
        let error = try #require(throws: JastorError.self) { try timeline.jsonData() }
        #expect(error.issues.map(\.description).sorted() == expected)
        var issues: [JastorIssue] = []
        _ = timeline.toDictionary(issues: &issues)
        #expect(issues.map(\.description).sorted() == expected)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(timeline) }
        let copy = try Timeline.unarchive(from: timeline.archivedData())
        #expect(copy == timeline)
        #expect(type(of: try #require(copy.latest)) == Event.self)
        event.type = "IssuesEvent"
        #expect(try Timeline(json: timeline.jsonData()) == timeline)
    }

    /// The hook is asked about what the output reads back: JSON text (and `Codable`'s
    /// `JSONEncoder`) writes the `Double` `2.0` as `2`, which reads back as the `Int` 2, so a
    /// subclass its hook picks from the `Double` is reported there, and one its hook picks from the
    /// `Int` is not; `toDictionary()` keeps the `Double`, which reads back as it is.
    @Test func theHookIsAskedAboutTheNumbersTheOutputReadsBack() throws {
        let square = FigureV2()
        square.version = 2.0
        square.sides = 4
        let album = Album()
        album.figure = square
        album.figures = [square]
        let expected = ["figure", "figures[0]"].map {
            "\($0): expected a model that reads back as its own class (JSON records none: Figure.modelClass(for:) "
                + "picks it from its JSON; archives record it), found FigureV2, which would read back as Figure"
        }
        let error = try #require(throws: JastorError.self) { try album.jsonData() }
        #expect(error.issues.map(\.description).sorted() == expected)
        var issues: [JastorIssue] = []
        let dictionary = album.toDictionary(issues: &issues)
        #expect(issues.map(\.description).sorted() == expected)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(album) }
        // The dictionary keeps `2.0` as a `Double`: mapped back, the hook picks the subclass again.
        #expect(Album(dictionary: dictionary) == album)

        // The hook that looks for the `Int` 2 picks the subclass back from the text `2`.
        let release = ReleaseV2()
        release.version = 2.0
        release.notes = "n"
        let album2 = Album()
        album2.release = release
        issues = []
        _ = album2.toDictionary(issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        let copy = try Album(json: album2.jsonData())
        #expect(copy == album2)
        #expect((copy.release as? ReleaseV2)?.notes == "n")
        #expect(try JSONDecoder().decode(Album.self, from: JSONEncoder().encode(album2)) == album2)
    }

    /// A subclass in a property that is only written is not reported.
    ///
    /// Mapping never reads an `.encodeOnly` property's key back, so nothing reads back as another
    /// class. The same subclass in a property that is read still is (the test above).
    @Test func aSubclassInAPropertyOnlyWrittenIsNotReported() throws {
        let circle = Circle()
        circle.name = "c"
        circle.radius = 2.5
        let poster = Poster()
        poster.title = "t"
        poster.cover = circle
        poster.gallery = [Shape(), circle]
        let framed = Framed()
        framed.title = "t"
        framed.nested = circle
        for model in [poster, framed] as [JastorObject] {
            var issues: [JastorIssue] = []
            let dictionary = model.toDictionary(issues: &issues)
            #expect(issues.isEmpty, "\(issues)")
            #expect(
                try JSONSerialization.jsonObject(with: model.jsonData()) as? NSDictionary == dictionary as NSDictionary)
            #expect(try model.jsonData(options: .sortedKeys).count == model.jsonData().count)
            _ = try JSONEncoder().encode(model)
        }
        let written = poster.toDictionary()
        #expect((written["cover"] as? [String: Any])?["radius"] as? Double == 2.5)
        #expect(
            ((framed.toDictionary()["meta"] as? [String: Any])?["shape"] as? [String: Any])?["radius"] as? Double == 2.5
        )
        // Read back, the written-only shapes are left as they were: only the title is read.
        let copy = try Poster(json: poster.jsonData())
        #expect(copy.title == "t" && copy.cover == nil && copy.gallery.isEmpty)
        // A subclass in a property that is read is still reported, under a written-only sibling too.
        let drawing = Drawing()
        drawing.shapes = [circle]
        #expect(throws: JastorError.self) { try drawing.jsonData() }
    }

    /// Each subclass model is checked once where it sits (the check's own writing checks none),
    /// so output stays linear in the chain, not exponential; a cycle is reported, not followed.
    @Test func eachSubclassIsCheckedOnceAndACycleEnds() throws {
        let depth = 40
        let head = SubLink()
        var tail = head
        for index in 1..<depth {
            let link = SubLink()
            link.name = "\(index)"
            tail.next = link
            tail = link
        }
        let holder = Link()
        holder.next = head
        linkHookCalls.withLock { $0 = 0 }
        var issues: [JastorIssue] = []
        let dictionary = holder.toDictionary(issues: &issues)
        #expect(issues.isEmpty)
        #expect(linkHookCalls.withLock { $0 } == 2 * depth, "one check each for the dictionary, one for its JSON text")
        linkHookCalls.withLock { $0 = 0 }
        let copy = try Link(json: holder.jsonData())
        #expect(
            linkHookCalls.withLock { $0 } == 2 * depth + 1,
            "one check each written, one hook call each read, one for the root initialiser's class")
        #expect(copy == holder && (copy.next as? SubLink)?.kind == "sub")
        #expect(Link(dictionary: dictionary) == holder)
        tail.next = head
        defer { tail.next = nil }
        var cycleIssues: [JastorIssue] = []
        _ = holder.toDictionary(issues: &cycleIssues)
        #expect(cycleIssues.map(\.kind) == [.unencodableValue])
        #expect(cycleIssues.first?.description.contains("a reference back to an enclosing SubLink") == true)
        #expect(throws: JastorError.self) { try holder.jsonData() }
    }

    /// The hook's view from bytes finds what a dictionary's finds: random objects whose keys are
    /// alike in length and bytes (`type`, `typo`, `tyPe`), beyond ASCII (`名前`), in another
    /// Unicode spelling (the Kelvin sign for `K`), escaped, empty or given twice (the last counts),
    /// holding strings (plain, escaped, beyond ASCII) or other values.
    @Test func theHookViewFindsFromBytesWhatItFindsInADictionary() throws {
        let spellings: [(key: String, spelling: String)] = [
            ("type", "type"), ("type", "\\u0074ype"), ("typo", "typo"), ("tyPe", "tyPe"), ("kind", "kind"),
            ("名前", "名前"), ("名前", "\\u540d\\u524d"), ("K", "K"), ("\u{212A}", "\u{212A}"), ("\u{212A}", "\\u212a"),
            ("", ""), ("types", "types"),
        ]
        let values = [
            #""sub""#, #""PushEvent""#, #""caf\u00e9""#, #""名前""#, #""a somewhat longer value than sixteen""#, "12",
            "true", "null", #"{"type": "sub"}"#, "[1]", #""""#,
        ]
        for seed in [UInt64(0x4B00_0001), 0x4B00_0002] {
            print("PolymorphismTests seed \(String(seed, radix: 16))")
            var random = SeededRandom(seed: seed)
            for index in 0..<300 {
                let members = (0..<Int.random(in: 0...7, using: &random)).map { _ in
                    (spellings.randomElement(using: &random) ?? ("", ""), values.randomElement(using: &random) ?? "1")
                }
                let text = "{" + members.map { "\"\($0.0.spelling)\": \($0.1)" }.joined(separator: ", ") + "}"
                let label = "seed \(String(seed, radix: 16)), object \(index): \(text)"
                var dictionary: [String: Any] = [:]
                for (key, value) in members {
                    let wrapped = try JSONSerialization.jsonObject(with: Data("[\(value)]".utf8))
                    dictionary[key.key] = try #require((wrapped as? [Any])?.first, "\(label)")
                }
                // In an array: the hook picks the class of the models a codec builds, not of the root.
                lookingSeen.withLock { $0 = [] }
                let fromBytes = try #require(try [Looking](json: Data("[\(text)]".utf8)).first, "\(label)")
                let seenFromBytes = lookingSeen.withLock { $0 }
                lookingSeen.withLock { $0 = [] }
                let fromDictionary = try #require([Looking](jsonArray: [dictionary]).first, "\(label)")
                let seenFromDictionary = lookingSeen.withLock { $0 }
                #expect(seenFromBytes.count == 1, "\(label)")
                #expect(seenFromBytes == seenFromDictionary, "\(label)")
                #expect(type(of: fromBytes) == type(of: fromDictionary), "\(label)")
                #expect(fromBytes.type == fromDictionary.type, "\(label)")
            }
        }
    }

    // MARK: Codable

    /// `init(from:)` fills the instance the decoder made, of the declared class: where the hook
    /// picks a subclass, that is a `DecodingError` at the object's coding path naming both classes
    /// and the way out, never a base `Event` without its subclass's values.
    @Test func codableDecodingWhereTheHookPicksAnotherClassIsAnError() throws {
        let data = try Fixtures.data("events_polymorphic")
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(EventFeed.self, from: data) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["events", "0"])
        #expect(
            context.debugDescription
                == "expected an object Event.modelClass(for:) builds as Event, the class Decodable builds here "
                + "(declare the property @JastorPolymorphic, or decode JastorPolymorphic<Event>, to build the class "
                + "it picks), found one it builds as PushEvent")
        #expect((context.underlyingError as? JastorError)?.issues.map(\.kind) == [.disallowedClass])
        let latest = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Event.self, from: Data(#"{"type": "WatchEvent", "action": "started"}"#.utf8))
        }
        #expect("\(latest)".contains("found one it builds as WatchEvent"), "\(latest)")
        // Where the hook picks nothing, or the class asked for, the model is decoded as before.
        let fork = try JSONDecoder().decode(Event.self, from: Data(#"{"type": "ForkEvent", "id": "3"}"#.utf8))
        #expect(type(of: fork) == Event.self && fork.id == "3")
        let push = try JSONDecoder().decode(PushEvent.self, from: Data(#"{"type": "PushEvent", "commits": 2}"#.utf8))
        #expect(push.commits == 2)
        // A hook returning an unrelated class is reported as mapping reports it.
        let bogus = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Event.self, from: Data(#"{"type": "Bogus"}"#.utf8))
        }
        #expect("\(bogus)".contains("expected Event or a subclass from Event.modelClass(for:), found Product"))
    }

    /// `@JastorPolymorphic` maps the value as `init(validating:)` does, so the hook picks each
    /// model's class; an optional may be missing and is left out when `nil`.
    @Test func thePolymorphicWrapperBuildsTheClassTheHookPicks() throws {
        let feed = try JSONDecoder().decode(PolymorphicEventFeed.self, from: Fixtures.data("events_polymorphic"))
        #expect(feed.events.map { "\(type(of: $0))" } == ["PushEvent", "WatchEvent", "Event", "PushEvent"])
        #expect((feed.events[0] as? PushEvent)?.commits == 3)
        #expect((feed.latest as? WatchEvent)?.action == "started")
        #expect(feed.byId == nil)
        let expected = Timeline(dictionary: try Fixtures.dictionary("events_polymorphic"))
        #expect(feed.events == expected.events && feed.latest == expected.latest)

        let text = String(decoding: try JSONEncoder().encode(feed), as: UTF8.self)
        #expect(!text.contains("byId"), "a nil optional is left out: \(text)")
        #expect(try JSONDecoder().decode(PolymorphicEventFeed.self, from: Data(text.utf8)) == feed)

        let events = try JSONDecoder().decode(
            JastorPolymorphic<[Event]>.self, from: Data(#"[{"type": "PushEvent", "commits": 1}]"#.utf8))
        #expect((events.wrappedValue.first as? PushEvent)?.commits == 1)
        let nulls = try JSONDecoder().decode(
            PolymorphicEventFeed.self, from: Data(#"{"events": [], "latest": null, "byId": {"a": {"id": "a"}}}"#.utf8))
        #expect(nulls.latest == nil && nulls.byId?["a"]?.id == "a")
    }

    /// Inside the wrapper, issues are `DecodingError`s at the coding path of the value below it.
    @Test func thePolymorphicWrapperReportsIssuesAtTheirCodingPath() throws {
        let data = Data(#"{"events": [{"type": "PushEvent", "commits": "many"}]}"#.utf8)
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(PolymorphicEventFeed.self, from: data)
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["events", "0", "commits"])
        #expect(context.debugDescription == #"[0].commits: expected Int, found String "many""#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PolymorphicEventFeed.self, from: Data(#"{"latest": {}}"#.utf8))
        }
    }

    /// A wrapped type a model property could not declare (an optional of an optional, which JSON's
    /// one `null` cannot tell from `nil`) is the declaration issue a property gets, thrown at the
    /// wrapper's coding path both ways, never a `.some(nil)` read back as `nil`.
    @Test func thePolymorphicWrapperReportsATypeNoPropertyCouldDeclare() throws {
        let message =
            "expected one level of Optional (JSON has one null, so .some(nil) would read back as nil), found "
        let encoding = try #require(throws: EncodingError.self) { try JSONEncoder().encode(NestedOptionalFeed()) }
        guard case .invalidValue(_, let context) = encoding else {
            Issue.record("\(encoding)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["answer"])
        #expect(context.debugDescription == message + "Optional<Optional<Int>>")
        let decoding = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(NestedOptionalFeed.self, from: Data(#"{"answer": null, "answers": [1]}"#.utf8))
        }
        guard case .dataCorrupted(let decodingContext) = decoding else {
            Issue.record("\(decoding)")
            return
        }
        #expect(decodingContext.codingPath.map(\.stringValue) == ["answer"])
        #expect(decodingContext.debugDescription == message + "Optional<Optional<Int>>")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(JastorPolymorphic<[Int??]>.self, from: Data("[null, 1]".utf8))
        }
    }

    /// A subclass in a base-typed property of a user's `Codable` struct comes back exactly or is an
    /// error: plain, `JSONEncoder` writes it and decoding refuses what the hook picks; wrapped, it
    /// comes back as itself, and one that would read back as another class is refused when encoded.
    @Test func aSubclassInAUserStructComesBackExactlyOrIsAnError() throws {
        let push = PushEvent()
        push.type = "PushEvent"
        push.commits = 9
        let plain = try JSONEncoder().encode(EventFeed(events: [push], latest: nil))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(EventFeed.self, from: plain) }

        let wrapped = PolymorphicEventFeed(events: [push], latest: push, byId: ["p": push])
        let copy = try JSONDecoder().decode(PolymorphicEventFeed.self, from: JSONEncoder().encode(wrapped))
        #expect((copy.events.first as? PushEvent)?.commits == 9)
        #expect(copy == wrapped)

        let unpicked = PushEvent()  // its type does not say PushEvent: it would read back as an Event
        unpicked.commits = 1
        let error = try #require(throws: EncodingError.self) {
            try JSONEncoder().encode(PolymorphicEventFeed(events: [unpicked], latest: nil, byId: nil))
        }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["events"])
        #expect(
            context.debugDescription
                == "[0]: expected a model that reads back as its own class (JSON records none: "
                + "Event.modelClass(for:) picks it from its JSON; archives record it), found PushEvent, "
                + "which would read back as Event")
    }
}
