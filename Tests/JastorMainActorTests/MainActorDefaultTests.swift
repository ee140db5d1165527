import Foundation
import Jastor
import Testing

// This target is compiled with `-default-isolation MainActor` (see Package.swift), as Xcode 26 app
// targets are: every declaration without an isolation of its own belongs to the main actor. Models
// are then declared `nonisolated`, as ConcurrencyAndObservation.md shows with the code below; enums
// and value types need nothing, an extension adding a transform is `nonisolated`, and
// `jastor-gen --nonisolated` writes such models (Generated/Events). The tests check that they map,
// write and archive on and off the main actor alike.

enum Genre: String, JastorValue {
    case jazz, rock
}

nonisolated final class Track: JastorObject {
    var title = ""
    var length = Length()
    var genre: Genre?
    var rating: Double?

    override class var properties: [JastorProperty] {
        register(\.title, \.genre, \.rating) + [property(\.length, transform: .minutesAndSeconds)]
    }
}

/// A track length written `"m:ss"`, read by a transform.
struct Length: JastorValue, Equatable {
    var seconds = 0
}

nonisolated extension JastorTransform where Value == Length {
    static var minutesAndSeconds: JastorTransform<Length> {
        JastorTransform(
            typeName: "m:ss",
            decode: { json in
                guard let text = json as? String else { return nil }
                let parts = text.split(separator: ":")
                guard parts.count == 2, let minutes = Int(parts[0]), let seconds = Int(parts[1]), seconds < 60 else {
                    return nil
                }
                return Length(seconds: minutes * 60 + seconds)
            },
            encode: { length in "\(length.seconds / 60):\(String(format: "%02d", length.seconds % 60))" })
    }
}

nonisolated final class Album: JastorObject {
    var title = ""
    var genre = Genre.rock
    var released: Date?
    var tags: [String] = []
    var tracks: [Track] = []

    override class var properties: [JastorProperty] {
        register(\.title, \.genre, \.tags, \.tracks) + [property(\.released, transform: .iso8601)]
    }
}

/// Used only off the main actor, so its plan (and the lookup of its enum's rules) is made there.
enum Mood: String, JastorValue {
    case calm, loud
}

nonisolated final class Listening: JastorObject {
    var mood = Mood.calm
    var moods: [Mood] = []

    override class var properties: [JastorProperty] { register(\.mood, \.moods) }
}

/// `Fixtures/<name>.json`, found from this file's location.
private func fixture(_ name: String) throws -> Data {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // JastorMainActorTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
    return try Data(contentsOf: root.appendingPathComponent("Fixtures/\(name).json"))
}

@Suite("Models declared in a module isolated to the main actor by default")
struct MainActorDefaultTests {
    @Test func theDeclarationsHaveNoIssues() {
        #expect(Album.declarationIssues.isEmpty)
        #expect(Track.declarationIssues.isEmpty)
    }

    @Test func modelsMapTheSameOnAndOffTheMainActor() async throws {
        let data = try fixture("main-actor/album")
        let onMain = try Album(validatingJSON: data)
        #expect(onMain.title == "Kind of Blue")
        #expect(onMain.genre == .jazz)
        #expect(onMain.released == Date(timeIntervalSince1970: -327_456_000))
        #expect(onMain.tracks.map(\.length.seconds) == [562, 586, 337])
        #expect(onMain.tracks.map(\.genre) == [.jazz, nil, .jazz])
        #expect(onMain.tracks[2].rating == 4.5)

        // Eight tasks at once, none on the main actor: each maps, writes JSON and reads it back.
        let written = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 {
                group.addTask { @concurrent in
                    let album = try Album(validatingJSON: data)
                    return try Album(validatingJSON: album.jsonData(options: [.sortedKeys])).jsonData(options: [
                        .sortedKeys
                    ])
                }
            }
            var results: [Data] = []
            for try await result in group { results.append(result) }
            return results
        }
        let expected = try onMain.jsonData(options: [.sortedKeys])
        #expect(written.count == 8)
        #expect(written.allSatisfy { $0 == expected })
        #expect(try Album(validatingJSON: expected) == onMain)
    }

    @Test func aClassFirstUsedOffTheMainActorFindsItsEnumsRules() async throws {
        let moods = try await Task.detached {
            let listening = try Listening(validatingJSONString: #"{"mood": "loud", "moods": ["loud", "calm"]}"#)
            return [listening.mood] + listening.moods
        }.value
        #expect(moods == [.loud, .loud, .calm])
        #expect(Listening.declarationIssues.isEmpty)
    }

    @Test func modelsArchiveOffTheMainActor() async throws {
        let data = try fixture("main-actor/album")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "jastor-main-actor-\(UUID().uuidString).archive")
        defer { try? FileManager.default.removeItem(at: url) }
        try await Task.detached {
            try Album(validatingJSON: data).archive(to: url)
        }.value
        let copy = try Album.unarchive(from: url)
        #expect(copy == (try Album(validatingJSON: data)))
    }

    @Test func generatedModelsPickTheirSubclassesOffTheMainActor() async throws {
        let data = try fixture("generator/github_events")
        let (classes, texts) = try await Task.detached {
            let events = try [GhEvent](json: data)
            let classes = events.map { String(describing: type(of: $0)) }
            return (classes, try events.map { try $0.jsonData(options: [.sortedKeys]) })
        }.value
        #expect(classes == ["GhPushEvent", "GhWatchEvent", "GhIssuesEvent", "GhWatchEvent"])
        let onMain = try [GhEvent](json: data)
        #expect(try onMain.map { try $0.jsonData(options: [.sortedKeys]) } == texts)
        #expect((onMain[0] as? GhPushEvent)?.payload.commits[0].author.name == "Petros")
    }
}
