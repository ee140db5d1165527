import Foundation
import Jastor

// citm_catalog.json in three model sets: the id-keyed lookup tables, `events` as
// `[String: Event]`, and performances with their prices and seat categories.

// MARK: - Jastor

final class CitmCatalog: JastorObject {
    var areaNames: [String: String] = [:]
    var audienceSubCategoryNames: [String: String] = [:]
    var events: [String: CitmEvent] = [:]
    var performances: [CitmPerformance] = []
    var seatCategoryNames: [String: String] = [:]
    var subTopicNames: [String: String] = [:]
    var topicNames: [String: String] = [:]
    var topicSubTopics: [String: [Int]] = [:]
    var venueNames: [String: String] = [:]

    override class var properties: [JastorProperty] {
        [
            .init("areaNames", \CitmCatalog.areaNames),
            .init("audienceSubCategoryNames", \CitmCatalog.audienceSubCategoryNames),
            .init("events", \CitmCatalog.events), .init("performances", \CitmCatalog.performances),
            .init("seatCategoryNames", \CitmCatalog.seatCategoryNames),
            .init("subTopicNames", \CitmCatalog.subTopicNames), .init("topicNames", \CitmCatalog.topicNames),
            .init("topicSubTopics", \CitmCatalog.topicSubTopics), .init("venueNames", \CitmCatalog.venueNames),
        ]
    }
}

final class CitmEvent: JastorObject {
    var id = 0
    var name = ""
    var logo: String?
    var subTopicIds: [Int] = []
    var topicIds: [Int] = []

    override class var properties: [JastorProperty] {
        [
            .init("id", \CitmEvent.id), .init("name", \CitmEvent.name), .init("logo", \CitmEvent.logo),
            .init("subTopicIds", \CitmEvent.subTopicIds), .init("topicIds", \CitmEvent.topicIds),
        ]
    }
}

final class CitmPerformance: JastorObject {
    var id = 0
    var eventId = 0
    var logo: String?
    var prices: [CitmPrice] = []
    var seatCategories: [CitmSeatCategory] = []
    var start: Int64 = 0
    var venueCode = ""

    override class var properties: [JastorProperty] {
        [
            .init("id", \CitmPerformance.id), .init("eventId", \CitmPerformance.eventId),
            .init("logo", \CitmPerformance.logo), .init("prices", \CitmPerformance.prices),
            .init("seatCategories", \CitmPerformance.seatCategories), .init("start", \CitmPerformance.start),
            .init("venueCode", \CitmPerformance.venueCode),
        ]
    }
}

final class CitmPrice: JastorObject {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0

    override class var properties: [JastorProperty] {
        [
            .init("amount", \CitmPrice.amount), .init("audienceSubCategoryId", \CitmPrice.audienceSubCategoryId),
            .init("seatCategoryId", \CitmPrice.seatCategoryId),
        ]
    }
}

final class CitmSeatCategory: JastorObject {
    var areas: [CitmArea] = []
    var seatCategoryId = 0

    override class var properties: [JastorProperty] {
        [.init("areas", \CitmSeatCategory.areas), .init("seatCategoryId", \CitmSeatCategory.seatCategoryId)]
    }
}

final class CitmArea: JastorObject {
    var areaId = 0
    var blockIds: [Int] = []

    override class var properties: [JastorProperty] {
        [.init("areaId", \CitmArea.areaId), .init("blockIds", \CitmArea.blockIds)]
    }
}

// MARK: - Hand-written

struct HandCitmCatalog {
    var tables: [String: [String: String]] = [:]
    var events: [String: HandCitmEvent]
    var performances: [HandCitmPerformance]
    var topicSubTopics: [String: [Int]]

    static let tableKeys = [
        "areaNames", "audienceSubCategoryNames", "seatCategoryNames", "subTopicNames", "topicNames", "venueNames",
    ]

    init(_ json: [String: Any]) {
        for key in Self.tableKeys {
            tables[key] = json[key] as? [String: String] ?? [:]
        }
        events = (json["events"] as? [String: [String: Any]] ?? [:]).mapValues(HandCitmEvent.init)
        performances = (json["performances"] as? [[String: Any]] ?? []).map(HandCitmPerformance.init)
        topicSubTopics = (json["topicSubTopics"] as? [String: [NSNumber]] ?? [:]).mapValues { $0.map(\.intValue) }
    }

    func toDictionary() -> [String: Any] {
        var json: [String: Any] = tables
        json["events"] = events.mapValues { $0.toDictionary() }
        json["performances"] = performances.map { $0.toDictionary() }
        json["topicSubTopics"] = topicSubTopics
        return json
    }
}

struct HandCitmEvent {
    let id: Int
    let name: String
    let logo: String?
    let subTopicIds: [Int]
    let topicIds: [Int]

    init(_ json: [String: Any]) {
        id = (json["id"] as? NSNumber)?.intValue ?? 0
        name = json["name"] as? String ?? ""
        logo = json["logo"] as? String
        subTopicIds = (json["subTopicIds"] as? [NSNumber] ?? []).map(\.intValue)
        topicIds = (json["topicIds"] as? [NSNumber] ?? []).map(\.intValue)
    }

    func toDictionary() -> [String: Any] {
        var json: [String: Any] = ["id": id, "name": name, "subTopicIds": subTopicIds, "topicIds": topicIds]
        if let logo { json["logo"] = logo }
        return json
    }
}

struct HandCitmPerformance {
    let id: Int
    let eventId: Int
    let logo: String?
    let prices: [(amount: Int, audienceSubCategoryId: Int, seatCategoryId: Int)]
    let seatCategories: [(areas: [(areaId: Int, blockIds: [Int])], seatCategoryId: Int)]
    let start: Int64
    let venueCode: String

    init(_ json: [String: Any]) {
        id = (json["id"] as? NSNumber)?.intValue ?? 0
        eventId = (json["eventId"] as? NSNumber)?.intValue ?? 0
        logo = json["logo"] as? String
        prices = (json["prices"] as? [[String: Any]] ?? []).map {
            (
                ($0["amount"] as? NSNumber)?.intValue ?? 0, ($0["audienceSubCategoryId"] as? NSNumber)?.intValue ?? 0,
                ($0["seatCategoryId"] as? NSNumber)?.intValue ?? 0
            )
        }
        seatCategories = (json["seatCategories"] as? [[String: Any]] ?? []).map { category in
            (
                (category["areas"] as? [[String: Any]] ?? []).map {
                    (($0["areaId"] as? NSNumber)?.intValue ?? 0, ($0["blockIds"] as? [NSNumber] ?? []).map(\.intValue))
                },
                (category["seatCategoryId"] as? NSNumber)?.intValue ?? 0
            )
        }
        start = (json["start"] as? NSNumber)?.int64Value ?? 0
        venueCode = json["venueCode"] as? String ?? ""
    }

    func toDictionary() -> [String: Any] {
        var json: [String: Any] = [
            "id": id, "eventId": eventId, "start": start, "venueCode": venueCode,
            "prices": prices.map {
                [
                    "amount": $0.amount, "audienceSubCategoryId": $0.audienceSubCategoryId,
                    "seatCategoryId": $0.seatCategoryId,
                ]
            },
            "seatCategories": seatCategories.map { category in
                [
                    "areas": category.areas.map { ["areaId": $0.areaId, "blockIds": $0.blockIds] },
                    "seatCategoryId": category.seatCategoryId,
                ]
            },
        ]
        if let logo { json["logo"] = logo }
        return json
    }
}

// MARK: - Codable

struct CodableCitmCatalog: Codable {
    var areaNames: [String: String]
    var audienceSubCategoryNames: [String: String]
    var events: [String: Event]
    var performances: [Performance]
    var seatCategoryNames: [String: String]
    var subTopicNames: [String: String]
    var topicNames: [String: String]
    var topicSubTopics: [String: [Int]]
    var venueNames: [String: String]

    struct Event: Codable {
        var id: Int
        var name: String
        var logo: String?
        var subTopicIds: [Int]
        var topicIds: [Int]
    }

    struct Performance: Codable {
        var id: Int
        var eventId: Int
        var logo: String?
        var prices: [Price]
        var seatCategories: [SeatCategory]
        var start: Int64
        var venueCode: String
    }

    struct Price: Codable {
        var amount: Int
        var audienceSubCategoryId: Int
        var seatCategoryId: Int
    }

    struct SeatCategory: Codable {
        var areas: [Area]
        var seatCategoryId: Int
    }

    struct Area: Codable {
        var areaId: Int
        var blockIds: [Int]
    }
}
