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
}
