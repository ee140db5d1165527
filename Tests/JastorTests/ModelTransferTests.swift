import Foundation
import Jastor
import Testing

/// Holds issues on its own executor; they arrive from other tasks.
private actor IssueStore {
    private var issues: [GitHubIssue] = []

    func add(_ new: [GitHubIssue]) {
        issues += new
    }

    func titles() -> [String] {
        issues.map(\.title)
    }
}

/// Maps on whatever thread it runs on and hands the result to its caller.
private func loadIssues(_ data: Data) async throws -> sending [GitHubIssue] {
    try [GitHubIssue](json: data)
}

/// A main-actor view model that receives models mapped elsewhere.
@MainActor private final class IssueListModel {
    var issues: [GitHubIssue] = []

    func load(_ data: Data) async throws {
        let transfer = try await Task.detached { JastorTransfer(try [GitHubIssue](json: data)) }.value
        issues = transfer.take() ?? []
    }
}

/// Models crossing tasks and actors under Swift 6 strict concurrency, with no `@unchecked`.
@Suite struct ModelTransferTests {
    private static func pages() throws -> [Data] {
        let issue = try Fixtures.data("github_issue")
        return (1...4).map { page in
            var text = String(decoding: issue, as: UTF8.self)
            text = text.replacingOccurrences(of: "Found a bug", with: "Bug \(page)")
            return Data("[\(text), \(text)]".utf8)
        }
    }

    @Test func aTaskGroupReturnsModelsThroughTransfers() async throws {
        let pages = try Self.pages()
        let issues = try await withThrowingTaskGroup(of: JastorTransfer<[GitHubIssue]>.self) { group in
            for page in pages {
                group.addTask { JastorTransfer(try [GitHubIssue](json: page)) }
            }
            var issues: [GitHubIssue] = []
            for try await page in group { issues += page.take() ?? [] }
            return issues
        }
        #expect(
            issues.map(\.title).sorted() == ["Bug 1", "Bug 1", "Bug 2", "Bug 2", "Bug 3", "Bug 3", "Bug 4", "Bug 4"])
    }

    @Test func aTransferHandsItsValueOutOnce() throws {
        let transfer = JastorTransfer(try GitHubIssue(json: Fixtures.data("github_issue")))
        #expect(transfer.take()?.number == 1347)
        #expect(transfer.take() == nil)
    }

    @Test func freshlyMappedModelsCanBeSentToAnActor() async throws {
        let store = IssueStore()
        let pages = try Self.pages()
        let issues = try [GitHubIssue](json: pages[0])
        await store.add(issues)
        await store.add(try await loadIssues(pages[1]))
        #expect(await store.titles() == ["Bug 1", "Bug 1", "Bug 2", "Bug 2"])
    }

    @Test @MainActor func aMainActorModelReceivesModelsMappedElsewhere() async throws {
        let model = IssueListModel()
        try await model.load(Self.pages()[2])
        #expect(model.issues.map(\.title) == ["Bug 3", "Bug 3"])
    }
}
