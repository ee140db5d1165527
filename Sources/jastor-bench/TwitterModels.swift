import Foundation
import Jastor

// twitter.json in three model sets with the same fields: statuses with user, entities (hashtags,
// urls, mentions, media) and the recursive retweeted_status; ids as Int64.

// MARK: - Jastor

/// Twitter's keys are snake_case; every Twitter model reads them through the strategy.
class TwitterObject: JastorObject {
    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
}

final class TwitterSearch: TwitterObject {
    var statuses: [TwitterStatus] = []
    var searchMetadata = TwitterSearchMetadata()

    override class var properties: [JastorProperty] {
        [.init("statuses", \TwitterSearch.statuses), .init("searchMetadata", \TwitterSearch.searchMetadata)]
    }
}

final class TwitterSearchMetadata: TwitterObject {
    var count = 0
    var maxId: Int64 = 0
    var query = ""
    var completedIn = 0.0

    override class var properties: [JastorProperty] {
        [
            .init("count", \TwitterSearchMetadata.count), .init("maxId", \TwitterSearchMetadata.maxId),
            .init("query", \TwitterSearchMetadata.query), .init("completedIn", \TwitterSearchMetadata.completedIn),
        ]
    }
}

final class TwitterStatus: TwitterObject {
    var id: Int64 = 0
    var idStr = ""
    var text = ""
    var createdAt = ""
    var retweetCount = 0
    var favoriteCount = 0
    var favorited = false
    var retweeted = false
    var lang = ""
    var inReplyToStatusId: Int64?
    var source = ""
    var user = TwitterUser()
    var entities = TwitterEntities()
    var retweetedStatus: TwitterStatus?

    override class var properties: [JastorProperty] {
        [
            .init("id", \TwitterStatus.id), .init("idStr", \TwitterStatus.idStr), .init("text", \TwitterStatus.text),
            .init("createdAt", \TwitterStatus.createdAt), .init("retweetCount", \TwitterStatus.retweetCount),
            .init("favoriteCount", \TwitterStatus.favoriteCount), .init("favorited", \TwitterStatus.favorited),
            .init("retweeted", \TwitterStatus.retweeted), .init("lang", \TwitterStatus.lang),
            .init("inReplyToStatusId", \TwitterStatus.inReplyToStatusId), .init("source", \TwitterStatus.source),
            .init("user", \TwitterStatus.user), .init("entities", \TwitterStatus.entities),
            .init("retweetedStatus", \TwitterStatus.retweetedStatus),
        ]
    }
}

final class TwitterUser: TwitterObject {
    var id: Int64 = 0
    var name = ""
    var screenName = ""
    var location = ""
    var bio = ""
    var followersCount = 0
    var friendsCount = 0
    var verified = false
    var profileImageUrl = ""
    var createdAt = ""
    var url: String?

    override class var properties: [JastorProperty] {
        [
            .init("id", \TwitterUser.id), .init("name", \TwitterUser.name),
            .init("screenName", \TwitterUser.screenName),
            .init("location", \TwitterUser.location), .init("bio", \TwitterUser.bio, key: "description"),
            .init("followersCount", \TwitterUser.followersCount), .init("friendsCount", \TwitterUser.friendsCount),
            .init("verified", \TwitterUser.verified), .init("profileImageUrl", \TwitterUser.profileImageUrl),
            .init("createdAt", \TwitterUser.createdAt), .init("url", \TwitterUser.url),
        ]
    }
}

final class TwitterEntities: TwitterObject {
    var hashtags: [TwitterHashtag] = []
    var urls: [TwitterLink] = []
    var userMentions: [TwitterMention] = []
    var media: [TwitterMedia]?

    override class var properties: [JastorProperty] {
        [
            .init("hashtags", \TwitterEntities.hashtags), .init("urls", \TwitterEntities.urls),
            .init("userMentions", \TwitterEntities.userMentions), .init("media", \TwitterEntities.media),
        ]
    }
}

final class TwitterHashtag: TwitterObject {
    var text = ""
    var indices: [Int] = []

    override class var properties: [JastorProperty] {
        [.init("text", \TwitterHashtag.text), .init("indices", \TwitterHashtag.indices)]
    }
}

final class TwitterLink: TwitterObject {
    var url = ""
    var expandedUrl = ""
    var displayUrl = ""
    var indices: [Int] = []

    override class var properties: [JastorProperty] {
        [
            .init("url", \TwitterLink.url), .init("expandedUrl", \TwitterLink.expandedUrl),
            .init("displayUrl", \TwitterLink.displayUrl), .init("indices", \TwitterLink.indices),
        ]
    }
}

final class TwitterMention: TwitterObject {
    var id: Int64 = 0
    var screenName = ""
    var name = ""
    var indices: [Int] = []

    override class var properties: [JastorProperty] {
        [
            .init("id", \TwitterMention.id), .init("screenName", \TwitterMention.screenName),
            .init("name", \TwitterMention.name), .init("indices", \TwitterMention.indices),
        ]
    }
}

final class TwitterMedia: TwitterObject {
    var id: Int64 = 0
    var idStr = ""
    var mediaUrl = ""
    var type = ""
    var indices: [Int] = []
    var sourceStatusId: Int64?

    override class var properties: [JastorProperty] {
        [
            .init("id", \TwitterMedia.id), .init("idStr", \TwitterMedia.idStr),
            .init("mediaUrl", \TwitterMedia.mediaUrl),
            .init("type", \TwitterMedia.type), .init("indices", \TwitterMedia.indices),
            .init("sourceStatusId", \TwitterMedia.sourceStatusId),
        ]
    }
}

// MARK: - Hand-written

/// The fastest reasonable hand code: `as?` casts, numbers through `NSNumber`.
struct HandTwitterSearch {
    var statuses: [HandTwitterStatus]
    var count: Int
    var maxId: Int64
    var query: String
    var completedIn: Double

    init(_ json: [String: Any]) {
        statuses = (json["statuses"] as? [[String: Any]] ?? []).map(HandTwitterStatus.init)
        let metadata = json["search_metadata"] as? [String: Any] ?? [:]
        count = (metadata["count"] as? NSNumber)?.intValue ?? 0
        maxId = (metadata["max_id"] as? NSNumber)?.int64Value ?? 0
        query = metadata["query"] as? String ?? ""
        completedIn = (metadata["completed_in"] as? NSNumber)?.doubleValue ?? 0
    }

    func toDictionary() -> [String: Any] {
        [
            "statuses": statuses.map { $0.toDictionary() },
            "search_metadata": ["count": count, "max_id": maxId, "query": query, "completed_in": completedIn],
        ]
    }
}

final class HandTwitterStatus {
    let id: Int64
    let idStr: String
    let text: String
    let createdAt: String
    let retweetCount: Int
    let favoriteCount: Int
    let favorited: Bool
    let retweeted: Bool
    let lang: String
    let inReplyToStatusId: Int64?
    let source: String
    let user: HandTwitterUser
    let entities: HandTwitterEntities
    let retweetedStatus: HandTwitterStatus?

    init(_ json: [String: Any]) {
        id = (json["id"] as? NSNumber)?.int64Value ?? 0
        idStr = json["id_str"] as? String ?? ""
        text = json["text"] as? String ?? ""
        createdAt = json["created_at"] as? String ?? ""
        retweetCount = (json["retweet_count"] as? NSNumber)?.intValue ?? 0
        favoriteCount = (json["favorite_count"] as? NSNumber)?.intValue ?? 0
        favorited = (json["favorited"] as? NSNumber)?.boolValue ?? false
        retweeted = (json["retweeted"] as? NSNumber)?.boolValue ?? false
        lang = json["lang"] as? String ?? ""
        inReplyToStatusId = (json["in_reply_to_status_id"] as? NSNumber)?.int64Value
        source = json["source"] as? String ?? ""
        user = HandTwitterUser(json["user"] as? [String: Any] ?? [:])
        entities = HandTwitterEntities(json["entities"] as? [String: Any] ?? [:])
        retweetedStatus = (json["retweeted_status"] as? [String: Any]).map(HandTwitterStatus.init)
    }

    func toDictionary() -> [String: Any] {
        var json: [String: Any] = [
            "id": id, "id_str": idStr, "text": text, "created_at": createdAt, "retweet_count": retweetCount,
            "favorite_count": favoriteCount, "favorited": favorited, "retweeted": retweeted, "lang": lang,
            "source": source, "user": user.toDictionary(), "entities": entities.toDictionary(),
        ]
        if let inReplyToStatusId { json["in_reply_to_status_id"] = inReplyToStatusId }
        if let retweetedStatus { json["retweeted_status"] = retweetedStatus.toDictionary() }
        return json
    }
}

struct HandTwitterUser {
    let id: Int64
    let name: String
    let screenName: String
    let location: String
    let bio: String
    let followersCount: Int
    let friendsCount: Int
    let verified: Bool
    let profileImageUrl: String
    let createdAt: String
    let url: String?

    init(_ json: [String: Any]) {
        id = (json["id"] as? NSNumber)?.int64Value ?? 0
        name = json["name"] as? String ?? ""
        screenName = json["screen_name"] as? String ?? ""
        location = json["location"] as? String ?? ""
        bio = json["description"] as? String ?? ""
        followersCount = (json["followers_count"] as? NSNumber)?.intValue ?? 0
        friendsCount = (json["friends_count"] as? NSNumber)?.intValue ?? 0
        verified = (json["verified"] as? NSNumber)?.boolValue ?? false
        profileImageUrl = json["profile_image_url"] as? String ?? ""
        createdAt = json["created_at"] as? String ?? ""
        url = json["url"] as? String
    }

    func toDictionary() -> [String: Any] {
        var json: [String: Any] = [
            "id": id, "name": name, "screen_name": screenName, "location": location, "description": bio,
            "followers_count": followersCount, "friends_count": friendsCount, "verified": verified,
            "profile_image_url": profileImageUrl, "created_at": createdAt,
        ]
        if let url { json["url"] = url }
        return json
    }
}

struct HandTwitterEntities {
    let hashtags: [(text: String, indices: [Int])]
    let urls: [(url: String, expandedUrl: String, displayUrl: String, indices: [Int])]
    let mentions: [(id: Int64, screenName: String, name: String, indices: [Int])]
    let media: [HandTwitterMedia]?

    init(_ json: [String: Any]) {
        hashtags = (json["hashtags"] as? [[String: Any]] ?? []).map {
            ($0["text"] as? String ?? "", Self.indices($0["indices"]))
        }
        urls = (json["urls"] as? [[String: Any]] ?? []).map {
            (
                $0["url"] as? String ?? "", $0["expanded_url"] as? String ?? "", $0["display_url"] as? String ?? "",
                Self.indices($0["indices"])
            )
        }
        mentions = (json["user_mentions"] as? [[String: Any]] ?? []).map {
            (
                ($0["id"] as? NSNumber)?.int64Value ?? 0, $0["screen_name"] as? String ?? "",
                $0["name"] as? String ?? "",
                Self.indices($0["indices"])
            )
        }
        media = (json["media"] as? [[String: Any]])?.map(HandTwitterMedia.init)
    }

    static func indices(_ value: Any?) -> [Int] {
        (value as? [NSNumber] ?? []).map(\.intValue)
    }

    func toDictionary() -> [String: Any] {
        var json: [String: Any] = [
            "hashtags": hashtags.map { ["text": $0.text, "indices": $0.indices] },
            "urls": urls.map {
                ["url": $0.url, "expanded_url": $0.expandedUrl, "display_url": $0.displayUrl, "indices": $0.indices]
            },
            "user_mentions": mentions.map {
                ["id": $0.id, "screen_name": $0.screenName, "name": $0.name, "indices": $0.indices]
            },
        ]
        if let media { json["media"] = media.map { $0.toDictionary() } }
        return json
    }
}

struct HandTwitterMedia {
    let id: Int64
    let idStr: String
    let mediaUrl: String
    let type: String
    let indices: [Int]
    let sourceStatusId: Int64?

    init(_ json: [String: Any]) {
        id = (json["id"] as? NSNumber)?.int64Value ?? 0
        idStr = json["id_str"] as? String ?? ""
        mediaUrl = json["media_url"] as? String ?? ""
        type = json["type"] as? String ?? ""
        indices = HandTwitterEntities.indices(json["indices"])
        sourceStatusId = (json["source_status_id"] as? NSNumber)?.int64Value
    }

    func toDictionary() -> [String: Any] {
        var json: [String: Any] = ["id": id, "id_str": idStr, "media_url": mediaUrl, "type": type, "indices": indices]
        if let sourceStatusId { json["source_status_id"] = sourceStatusId }
        return json
    }
}

// MARK: - Codable

struct CodableTwitterSearch: Codable {
    var statuses: [CodableTwitterStatus]
    var searchMetadata: Metadata

    struct Metadata: Codable {
        var count: Int
        var maxId: Int64
        var query: String
        var completedIn: Double

        enum CodingKeys: String, CodingKey {
            case count, query
            case maxId = "max_id"
            case completedIn = "completed_in"
        }
    }

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

final class CodableTwitterStatus: Codable {
    var id: Int64
    var idStr: String
    var text: String
    var createdAt: String
    var retweetCount: Int
    var favoriteCount: Int
    var favorited: Bool
    var retweeted: Bool
    var lang: String
    var inReplyToStatusId: Int64?
    var source: String
    var user: CodableTwitterUser
    var entities: CodableTwitterEntities
    var retweetedStatus: CodableTwitterStatus?

    enum CodingKeys: String, CodingKey {
        case id, text, favorited, retweeted, lang, source, user, entities
        case idStr = "id_str"
        case createdAt = "created_at"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case inReplyToStatusId = "in_reply_to_status_id"
        case retweetedStatus = "retweeted_status"
    }
}

struct CodableTwitterUser: Codable {
    var id: Int64
    var name: String
    var screenName: String
    var location: String
    var bio: String
    var followersCount: Int
    var friendsCount: Int
    var verified: Bool
    var profileImageUrl: String
    var createdAt: String
    var url: String?

    enum CodingKeys: String, CodingKey {
        case id, name, location, verified, url
        case screenName = "screen_name"
        case bio = "description"
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case profileImageUrl = "profile_image_url"
        case createdAt = "created_at"
    }
}

struct CodableTwitterEntities: Codable {
    var hashtags: [Hashtag]
    var urls: [Link]
    var userMentions: [Mention]
    var media: [Media]?

    struct Hashtag: Codable {
        var text: String
        var indices: [Int]
    }

    struct Link: Codable {
        var url: String
        var expandedUrl: String
        var displayUrl: String
        var indices: [Int]

        enum CodingKeys: String, CodingKey {
            case url, indices
            case expandedUrl = "expanded_url"
            case displayUrl = "display_url"
        }
    }

    struct Mention: Codable {
        var id: Int64
        var screenName: String
        var name: String
        var indices: [Int]

        enum CodingKeys: String, CodingKey {
            case id, name, indices
            case screenName = "screen_name"
        }
    }

    struct Media: Codable {
        var id: Int64
        var idStr: String
        var mediaUrl: String
        var type: String
        var indices: [Int]
        var sourceStatusId: Int64?

        enum CodingKeys: String, CodingKey {
            case id, type, indices
            case idStr = "id_str"
            case mediaUrl = "media_url"
            case sourceStatusId = "source_status_id"
        }
    }

    enum CodingKeys: String, CodingKey {
        case hashtags, urls, media
        case userMentions = "user_mentions"
    }
}
