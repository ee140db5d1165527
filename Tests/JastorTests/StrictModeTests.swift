import Foundation
import Jastor
import Testing

/// `init(validating:)` reports every mismatch with its full path; lenient mode reports the same.
@Suite struct StrictModeTests {
    private let expectedIssues = [
        #"statuses[1].text: expected String, found Bool false"#,
        #"statuses[1].retweetedStatus.id: expected Int64, found String "x1""#,
        #"statuses[1].retweetedStatus.user.id: expected Int64, found Number 1.5"#,
        #"statuses[2]: expected Status, found String "not a status""#,
        #"statuses[3].user.id: expected Int64, found String "abc""#,
        #"statuses[3].retweetCount: expected Int, found null"#,
        #"nextPage: expected URL, found Number 12"#,
    ]

    @Test func validInputMapsStrictly() throws {
        let response = try SearchResponse(validating: try Fixtures.dictionary("search_response"))
        #expect(response.statuses.count == 4)
        #expect(response.statuses[0].id == 505_874_924_095_815_681)
        #expect(response.statuses[0].user.screenName == "ayuu0123")
        #expect(response.statuses[1].retweetedStatus?.user.id == 2_278_053_589)
        #expect(response.statuses[1].retweetedStatus?.retweetedStatus == nil)
        #expect(response.nextPage?.host == "api.twitter.com")
    }

    @Test func strictModeThrowsEveryIssueWithItsPath() throws {
        let json = try Fixtures.dictionary("search_response_bad")
        let error = try #require(throws: JastorError.self) { try SearchResponse(validating: json) }
        #expect(error.issues.map(\.description) == expectedIssues)
        #expect(error.description == expectedIssues.joined(separator: "\n"))
        #expect(error.issues[4].path == [.key("statuses"), .index(3), .key("user"), .key("id")])
        #expect(error.issues[4].expected == "Int64")
        #expect(error.issues[4].found == #"String "abc""#)
    }

    @Test func lenientModeReportsTheSameIssuesAndKeepsWhatFits() throws {
        var issues: [JastorIssue] = []
        let response = SearchResponse(dictionary: try Fixtures.dictionary("search_response_bad"), issues: &issues)
        #expect(issues.map(\.description) == expectedIssues)
        #expect(response.statuses.map(\.text) == ["first", "", "fourth"], "the string element is left out")
        #expect(response.statuses[1].retweetedStatus?.text == "the original")
        #expect(response.statuses[2].user.id == 0)
        #expect(response.statuses[2].user.followersCount == 7)
        #expect(response.nextPage == nil)
    }

    @Test func lenientInitWithoutIssuesMapsTheSame() throws {
        let json = try Fixtures.dictionary("search_response_bad")
        var issues: [JastorIssue] = []
        #expect(SearchResponse(dictionary: json) == SearchResponse(dictionary: json, issues: &issues))
    }

    @Test func issuesAccumulateAcrossCalls() {
        var issues: [JastorIssue] = []
        _ = TwitterUser(dictionary: ["id": "a"], issues: &issues)
        _ = TwitterUser(dictionary: ["id": "b"], issues: &issues)
        #expect(issues.map(\.found) == [#"String "a""#, #"String "b""#])
    }
}
