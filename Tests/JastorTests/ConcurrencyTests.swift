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
        let file = folder.appendingPathComponent("task-\(task).archive")
        try response.archive(to: file)
        let copy = try SearchResponse.unarchive(from: file)
        results.append(copy == response ? "archive round trip equal" : "archive round trip differs")
        return results
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
        #expect(reference.last == "archive round trip equal")
        #expect(try reference[1] == Fixtures.canonical(Fixtures.dictionary("search_response")))
        let race = try #require(
            try JSONSerialization.jsonObject(with: Data(reference[0].utf8)) as? [String: [[String: Any]]])
        #expect(
            race["statuses"]?.compactMap { $0["id"] as? Int } == [
                505_874_924_095_815_681, 505_874_922_023_837_696, 505_874_920_140_591_104, 505_874_919_020_699_648,
            ])
    }
}
