import Foundation
import Jastor
import Testing

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

/// A class hook picks the subclass from the dictionary, everywhere a model is built.
@Suite struct PolymorphismTests {
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
}
