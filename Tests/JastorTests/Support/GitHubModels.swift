import Foundation
import Jastor

// The GitHub REST API's issue, declared with Jastor's short registration. Its `Codable` twin is in
// GitHubCodableModels.swift; `ShortRegistrationTests` maps both from one fixture and compares their
// sizes. `description` is `JastorObject`'s own, so the models' descriptions are `summary`.

class GitHubModel: JastorObject {
    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
}

final class GitHubUser: GitHubModel {
    var login = ""
    var id = 0
    var nodeId = ""
    var avatarUrl: URL?
    var htmlUrl: URL?
    var type = ""
    var siteAdmin = false

    override class var properties: [JastorProperty] {
        register(\.login, \.id, \.nodeId, \.avatarUrl, \.htmlUrl, \.type, \.siteAdmin)
    }
}

final class GitHubLabel: GitHubModel {
    var id = 0
    var nodeId = ""
    var name = ""
    var summary: String?
    var color = ""
    var `default` = false

    override class var properties: [JastorProperty] {
        register(\.id, \.nodeId, \.name, \.color, \.default) { property(\.summary, key: "description") }
    }
}

final class GitHubMilestone: GitHubModel {
    var id = 0
    var nodeId = ""
    var number = 0
    var state = ""
    var title = ""
    var summary: String?
    var creator: GitHubUser?
    var openIssues = 0
    var closedIssues = 0
    var createdAt = Date.distantPast
    var dueOn: Date?

    override class var properties: [JastorProperty] {
        register(
            \.id, \.nodeId, \.number, \.state, \.title, \.creator, \.openIssues, \.closedIssues, \.createdAt,
            \.dueOn
        ) { property(\.summary, key: "description") }
    }
}

final class GitHubReactions: GitHubModel {
    var totalCount = 0
    var plusOne = 0
    var minusOne = 0
    var laugh = 0
    var hooray = 0
    var confused = 0
    var heart = 0
    var rocket = 0
    var eyes = 0

    override class var properties: [JastorProperty] {
        register(\.totalCount, \.laugh, \.hooray, \.confused, \.heart, \.rocket, \.eyes) {
            property(\.plusOne, key: "+1")
            property(\.minusOne, key: "-1")
        }
    }
}

final class GitHubPullRequest: GitHubModel {
    var url: URL?
    var htmlUrl: URL?
    var diffUrl: URL?
    var patchUrl: URL?
    var mergedAt: Date?

    override class var properties: [JastorProperty] { register(\.url, \.htmlUrl, \.diffUrl, \.patchUrl, \.mergedAt) }
}

final class GitHubIssue: GitHubModel {
    var id = 0
    var nodeId = ""
    var url: URL?
    var htmlUrl: URL?
    var number = 0
    var state = ""
    var title = ""
    var body: String?
    var user: GitHubUser?
    var labels: [GitHubLabel] = []
    var assignees: [GitHubUser] = []
    var milestone: GitHubMilestone?
    var locked = false
    var comments = 0
    var pullRequest: GitHubPullRequest?
    var closedAt: Date?
    var createdAt = Date.distantPast
    var updatedAt = Date.distantPast
    var authorAssociation = ""
    var reactions: GitHubReactions?

    override class var properties: [JastorProperty] {
        register(
            \.id, \.nodeId, \.url, \.htmlUrl, \.number, \.state, \.title, \.body, \.user, \.labels, \.assignees,
            \.milestone, \.locked, \.comments, \.pullRequest, \.closedAt, \.createdAt, \.updatedAt,
            \.authorAssociation, \.reactions)
    }
}
