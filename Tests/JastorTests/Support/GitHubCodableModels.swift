import Foundation

// The `Codable` twin of GitHubModels.swift, as a Swift developer would write it: structs, with the
// decoder's strategies doing what Jastor's key strategy and date rules do.

enum GitHubCodable {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    struct User: Codable, Hashable {
        var login: String
        var id: Int
        var nodeId: String
        var avatarUrl: URL?
        var htmlUrl: URL?
        var type: String
        var siteAdmin: Bool
    }

    struct Label: Codable, Hashable {
        var id: Int
        var nodeId: String
        var name: String
        var description: String?
        var color: String
        var `default`: Bool
    }

    struct Milestone: Codable, Hashable {
        var id: Int
        var nodeId: String
        var number: Int
        var state: String
        var title: String
        var description: String?
        var creator: User?
        var openIssues: Int
        var closedIssues: Int
        var createdAt: Date
        var dueOn: Date?
    }

    struct Reactions: Codable, Hashable {
        var totalCount: Int
        var plusOne: Int
        var minusOne: Int
        var laugh: Int
        var hooray: Int
        var confused: Int
        var heart: Int
        var rocket: Int
        var eyes: Int

        enum CodingKeys: String, CodingKey {
            case totalCount, laugh, hooray, confused, heart, rocket, eyes
            case plusOne = "+1"
            case minusOne = "-1"
        }
    }

    struct PullRequest: Codable, Hashable {
        var url: URL?
        var htmlUrl: URL?
        var diffUrl: URL?
        var patchUrl: URL?
        var mergedAt: Date?
    }

    struct Issue: Codable, Hashable {
        var id: Int
        var nodeId: String
        var url: URL?
        var htmlUrl: URL?
        var number: Int
        var state: String
        var title: String
        var body: String?
        var user: User?
        var labels: [Label]
        var assignees: [User]
        var milestone: Milestone?
        var locked: Bool
        var comments: Int
        var pullRequest: PullRequest?
        var closedAt: Date?
        var createdAt: Date
        var updatedAt: Date
        var authorAssociation: String
        var reactions: Reactions?
    }
}
