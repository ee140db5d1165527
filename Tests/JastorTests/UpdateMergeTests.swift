import Foundation
import Jastor
import Testing

/// A base class whose hook builds a subclass for `"kind": "special"`.
private class Part: JastorObject {
    var kind = ""
    var label = ""

    override class var properties: [JastorProperty] { register(\.kind, \.label) }
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        json["kind"] as? String == "special" ? SpecialPart.self : nil
    }
}

private final class SpecialPart: Part {
    var power = 0

    override class var properties: [JastorProperty] { register(\.power) }
}

private final class Machine: JastorObject {
    var part: Part?

    override class var properties: [JastorProperty] { register(\.part) }
}

/// `update(with:)` merges into nested models in place and replaces arrays of models; replacing
/// nested models stays available.
@Suite struct UpdateMergeTests {
    private func issue() throws -> GitHubIssue {
        try GitHubIssue(validatingJSON: Fixtures.data("github_issue"))
    }

    @Test func aPartialNestedModelIsMergedInPlace() throws {
        let issue = try issue()
        let milestone = try #require(issue.milestone)
        issue.update(with: ["milestone": ["state": "closed", "creator": ["login": "hubot"]]])
        #expect(issue.milestone === milestone, "the same instance, filled in place")
        #expect(milestone.state == "closed")
        #expect(milestone.number == 1 && milestone.title == "v1.0", "keys the patch lacks are kept")
        #expect(milestone.creator?.login == "hubot" && milestone.creator?.id == 1, "merged at every level")
    }

    @Test func replacingIsAnOption() throws {
        let issue = try issue()
        let milestone = try #require(issue.milestone)
        issue.update(with: ["milestone": ["state": "closed"]], nestedModels: .replace)
        #expect(issue.milestone !== milestone)
        #expect(issue.milestone?.state == "closed")
        #expect(issue.milestone?.number == 0 && issue.milestone?.creator == nil)
    }

    @Test func arraysOfModelsAreReplacedWhole() throws {
        let issue = try issue()
        issue.update(with: ["labels": [["name": "wontfix"]], "assignees": []])
        #expect(issue.labels.map(\.name) == ["wontfix"])
        #expect(issue.labels[0].id == 0 && issue.labels[0].color == "", "a new element: nothing to merge with")
        #expect(issue.assignees.isEmpty)
    }

    @Test func aNilNestedModelOrNullReplacesAsBefore() throws {
        let issue = try issue()
        issue.update(with: ["pull_request": NSNull()])
        #expect(issue.pullRequest == nil)
        issue.update(with: ["pull_request": ["merged_at": "2011-04-23T10:00:00Z"]])
        #expect(issue.pullRequest?.mergedAt == Date(timeIntervalSince1970: 1_303_552_800))
        #expect(issue.pullRequest?.url == nil)
    }

    @Test func mismatchesInsideTheMergeAreReportedAtTheirPath() throws {
        let issue = try issue()
        var issues: [JastorIssue] = []
        issue.update(with: ["milestone": ["open_issues": "many", "title": "v2"]], issues: &issues)
        #expect(issues.map(\.description) == [#"milestone.open_issues: expected Int, found String "many""#])
        #expect(issue.milestone?.title == "v2" && issue.milestone?.openIssues == 4)
    }

    @Test func anObjectThatPicksAnotherClassReplacesTheModel() {
        let machine = Machine(dictionary: ["part": ["kind": "plain", "label": "a"]])
        let plain = machine.part
        machine.update(with: ["part": ["label": "b"]])
        #expect(machine.part === plain && machine.part?.label == "b")
        machine.update(with: ["part": ["kind": "special", "power": 9]])
        #expect((machine.part as? SpecialPart)?.power == 9)
        #expect(machine.part?.label == "", "a new SpecialPart")
    }
}
