import Foundation
import Jastor
import Testing

// Classes used only here, so that their plans are first built while tasks race for them.

private final class RaceUser: JastorObject {
    var id: Int64 = 0
    var screenName = ""

    override class var properties: [JastorProperty] {
        [.init("id", \RaceUser.id), .init("screenName", \RaceUser.screenName)]
    }
}

private final class RaceStatus: JastorObject {
    var id: Int64 = 0
    var text = ""
    var user = RaceUser()
    var retweetedStatus: RaceStatus?

    override class var properties: [JastorProperty] {
        [
            .init("id", \RaceStatus.id), .init("text", \RaceStatus.text), .init("user", \RaceStatus.user),
            .init("retweetedStatus", \RaceStatus.retweetedStatus),
        ]
    }
}

private final class RaceResponse: JastorObject {
    var statuses: [RaceStatus] = []

    override class var properties: [JastorProperty] { [.init("statuses", \RaceResponse.statuses)] }
}

// Classes and value types used only by the task that registers while others map: their plans and
// default transforms are first made while the mapping tasks run.

private struct Celsius: JastorValue, Sendable, Equatable {
    var degrees: Double
}

private struct Percent: JastorValue, Sendable, Equatable {
    var value: Int
}

private struct Label: JastorValue, Sendable, Equatable {
    var text: String
}

private final class LateReading: JastorObject {
    var temperature = Celsius(degrees: 0)
    var humidity = Percent(value: 0)

    override class var properties: [JastorProperty] {
        [.init("temperature", \LateReading.temperature), .init("humidity", \LateReading.humidity)]
    }
}

private final class LateStation: JastorObject {
    var label = Label(text: "")
    var readings: [LateReading] = []

    override class var properties: [JastorProperty] {
        [.init("label", \LateStation.label), .init("readings", \LateStation.readings)]
    }
}

private final class LateNetwork: JastorObject {
    var stations: [String: LateStation] = [:]

    override class var properties: [JastorProperty] { [.init("stations", \LateNetwork.stations)] }
}

// A class written with `.sortedKeys` only here: its members are first sorted (on first use, not
// when the plan is built) while tasks race to write it. Keys declared out of `JSONSerialization`'s
// order, which is numeric and case-insensitive.

private final class RaceSortedKeys: JastorObject {
    var c = 0
    var a10 = 0
    var b = 0
    var bUpper = 0
    var a2 = 0

    override class var properties: [JastorProperty] {
        [
            .init("c", \RaceSortedKeys.c), .init("a10", \RaceSortedKeys.a10), .init("b", \RaceSortedKeys.b),
            .init("bUpper", \RaceSortedKeys.bUpper, key: "B"), .init("a2", \RaceSortedKeys.a2),
        ]
    }
}

/// Mapping, output, archiving and the plan cache from many tasks at once.
@Suite struct ConcurrencyTests {
    /// What one task produces from every fixture: JSON text, which is `Sendable`.
    private static func mapEverything(in folder: URL, task: Int) throws -> [String] {
        var results: [String] = []
        let search = try Fixtures.dictionary("search_response")
        let race = RaceResponse(dictionary: search)
        results.append(try Fixtures.canonical(race.toDictionary()))
        let response = try SearchResponse(validating: search)
        results.append(try Fixtures.canonical(response.toDictionary()))
        results.append(
            try Fixtures.canonical(Everything(dictionary: try Fixtures.dictionary("everything")).toDictionary()))
        results.append(
            try Fixtures.canonical(ProductCategory(dictionary: try Fixtures.dictionary("category_tree")).toDictionary())
        )
        results.append(
            try Fixtures.canonical(SearchResponse(json: try Fixtures.data("search_response")).toDictionary()))
        let jsonArchive = try response.archivedData(format: .json)
        results.append(try SearchResponse.unarchive(from: jsonArchive) == response ? "JSON archive equal" : "differs")
        let file = folder.appendingPathComponent("task-\(task).archive")
        try response.archive(to: file)
        let copy = try SearchResponse.unarchive(from: file)
        results.append(copy == response ? "archive round trip equal" : "archive round trip differs")
        return results
    }

    /// The input of ``LateNetwork``, as it should also come back from `toDictionary()`.
    private static var lateInput: [String: Any] {
        [
            "stations": [
                "north": ["label": "North", "readings": [["temperature": 21.5, "humidity": "40%"]]],
                "south": [
                    "label": "South",
                    "readings": [["temperature": -3.25, "humidity": "95%"], ["temperature": 0.5, "humidity": "0%"]],
                ],
            ]
        ]
    }

    /// Registers default transforms for three value types and maps, writes and archives a class
    /// graph that uses them, all for the first time in the process when it is first called.
    private static func registerAndMapLateClasses() throws -> String {
        JastorTransform(decode: { ($0 as? Double).map { Celsius(degrees: $0) } }, encode: { $0.degrees })
            .registerAsDefault()
        JastorTransform(
            decode: { ($0 as? String)?.split(separator: "%").first.flatMap { Int($0) }.map { Percent(value: $0) } },
            encode: { "\($0.value)%" }
        ).registerAsDefault()
        JastorTransform(decode: { ($0 as? String).map { Label(text: $0) } }, encode: { $0.text }).registerAsDefault()
        let network = try LateNetwork(validating: lateInput)
        let copy = try LateNetwork.unarchive(from: try network.archivedData())
        guard copy == network, network.stations["south"]?.readings.last?.humidity == Percent(value: 0) else {
            return "archive round trip differs"
        }
        return try Fixtures.canonical(network.toDictionary())
    }

    @Test func eightTasksMapTheSameFixturesIdentically() async throws {
        let folder = try TemporaryFolder()
        let url = folder.url
        let outcomes = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var last: [String] = []
                    for round in 0..<25 {
                        last = try Self.mapEverything(in: url, task: task * 100 + round)
                    }
                    return last
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let reference = try Self.mapEverything(in: url, task: -1)
        #expect(outcomes.count == 8)
        for outcome in outcomes {
            #expect(outcome == reference)
        }
        #expect(reference.suffix(3) == [reference[1], "JSON archive equal", "archive round trip equal"])
        #expect(try reference[1] == Fixtures.canonical(Fixtures.dictionary("search_response")))
        let race = try #require(
            try JSONSerialization.jsonObject(with: Data(reference[0].utf8)) as? [String: [[String: Any]]])
        #expect(
            race["statuses"]?.compactMap { $0["id"] as? Int } == [
                505_874_924_095_815_681, 505_874_922_023_837_696, 505_874_920_140_591_104, 505_874_919_020_699_648,
            ])
    }

    /// The input of ``RaceSortedKeys``.
    private static var sortedKeysInput: [String: Any] { ["c": 1, "a10": 2, "b": 3, "B": 4, "a2": 5] }

    @Test func tasksRacingToTheFirstSortedWriteAllGetJSONSerializationsOrder() async throws {
        let texts = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try RaceSortedKeys(validating: Self.sortedKeysInput).jsonString(options: .sortedKeys) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let model = try RaceSortedKeys(validating: Self.sortedKeysInput)
        let expected = try JSONSerialization.data(withJSONObject: model.toDictionary(), options: .sortedKeys)
        #expect(texts.count == 8)
        #expect(texts.allSatisfy { $0 == String(decoding: expected, as: UTF8.self) })
        #expect(texts.first == #"{"a2":5,"a10":2,"b":3,"B":4,"c":1}"#)
        #expect(try model.jsonString() == #"{"c":1,"a10":2,"b":3,"B":4,"a2":5}"#)
    }

    @Test func classesAndTransformsRegisteredWhileOtherTasksMap() async throws {
        let folder = try TemporaryFolder()
        let url = folder.url
        let reference = try Self.mapEverything(in: url, task: -2)
        let outcomes = try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask {
                try (0..<25).map { _ in try Self.registerAndMapLateClasses() }
            }
            for task in 0..<6 {
                group.addTask {
                    try (0..<10).flatMap { round in try Self.mapEverything(in: url, task: 1_000 + task * 100 + round) }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 7)
        let late = try Fixtures.canonical(Self.lateInput)
        for outcome in outcomes {
            if outcome.count == 25 {
                #expect(outcome == Array(repeating: late, count: 25))
            } else {
                #expect(outcome == Array([[String]](repeating: reference, count: 10).joined()))
            }
        }
    }
}
