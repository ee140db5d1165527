import Foundation

// The model classes the fuzz target maps into. They are compiled into the same module as the
// library sources (see `.ci/fuzz/run`), so they need no `import Jastor`, and they cover every
// kind of property: scalars of each width, optionals, dates, enums, nested models, arrays and
// dictionaries of models, key paths, transforms, polymorphism and kept unmapped keys.

enum FuzzColour: String, JastorValue {
    case red, green, blue
}

enum FuzzPriority: Int, JastorValue {
    case low = 1
    case high = 2
}

final class FuzzEverything: JastorObject {
    var string = ""
    var bool = false
    var int = 0
    var int8: Int8 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint64: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var decimal: Decimal = 0
    var date = Date(timeIntervalSince1970: 0)
    var url: URL?
    var uuid: UUID?
    var data = Data()
    var colour = FuzzColour.red
    var priority: FuzzPriority?
    var optionalString: String? = "default"
    var strings: [String] = []
    var matrix: [[Int]] = []
    var scores: [String: Double] = [:]
    var metadata: [String: Any] = [:]
    var anything: [Any] = []

    override class var properties: [JastorProperty] {
        [
            .init("string", \FuzzEverything.string), .init("bool", \FuzzEverything.bool),
            .init("int", \FuzzEverything.int), .init("int8", \FuzzEverything.int8),
            .init("int64", \FuzzEverything.int64), .init("uint", \FuzzEverything.uint),
            .init("uint8", \FuzzEverything.uint8), .init("uint64", \FuzzEverything.uint64),
            .init("double", \FuzzEverything.double), .init("float", \FuzzEverything.float),
            .init("decimal", \FuzzEverything.decimal), .init("date", \FuzzEverything.date),
            .init("url", \FuzzEverything.url), .init("uuid", \FuzzEverything.uuid),
            .init("data", \FuzzEverything.data), .init("colour", \FuzzEverything.colour),
            .init("priority", \FuzzEverything.priority), .init("optionalString", \FuzzEverything.optionalString),
            .init("strings", \FuzzEverything.strings), .init("matrix", \FuzzEverything.matrix),
            .init("scores", \FuzzEverything.scores), .init("metadata", \FuzzEverything.metadata),
            .init("anything", \FuzzEverything.anything),
        ]
    }
}

final class FuzzCategory: JastorObject {
    var name = ""
    var children: [FuzzCategory] = []
    var byName: [String: FuzzCategory] = [:]

    override class var properties: [JastorProperty] {
        [
            .init("name", \FuzzCategory.name), .init("children", \FuzzCategory.children),
            .init("byName", \FuzzCategory.byName),
        ]
    }
}

final class FuzzProduct: JastorObject {
    var name = ""
    var amount = 0
    var price: Decimal?
    var createdAt: Date?
    var category: FuzzCategory?
    var tags: [String] = []
    var city = ""
    var firstReport = ""
    var birthDate: Date?
    var extras: [String: Any] = [:]

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var properties: [JastorProperty] {
        [
            .init("name", \FuzzProduct.name), .init("amount", \FuzzProduct.amount, transform: .stringEncoded),
            .init("price", \FuzzProduct.price), .init("createdAt", \FuzzProduct.createdAt),
            .init("category", \FuzzProduct.category), .init("tags", \FuzzProduct.tags),
            .init("city", \FuzzProduct.city, key: "address.city"),
            .init("firstReport", \FuzzProduct.firstReport, key: "reports[0].description"),
            .init("birthDate", \FuzzProduct.birthDate, transform: .date(format: "MM-dd-yyyy")),
            .unmappedKeys("extras", \FuzzProduct.extras),
        ]
    }
}

class FuzzEvent: JastorObject {
    var type = ""
    var id = ""

    override class var properties: [JastorProperty] { [.init("type", \FuzzEvent.type), .init("id", \FuzzEvent.id)] }
    override class var archiveSubclasses: [JastorObject.Type] { [FuzzPushEvent.self] }
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        switch json["type"] as? String {
        case "PushEvent": FuzzPushEvent.self
        case "Foreign": FuzzCategory.self  // not a subclass: must be refused, never built
        default: nil
        }
    }
}

final class FuzzPushEvent: FuzzEvent {
    var commits = 0
    weak var parent: FuzzEvent?

    override class var properties: [JastorProperty] {
        [.init("commits", \FuzzPushEvent.commits), .ignored("parent", \FuzzPushEvent.parent)]
    }
}

final class FuzzFeed: JastorObject {
    var events: [FuzzEvent] = []
    var latest: FuzzEvent?
    var products: [FuzzProduct] = []
    var everything: FuzzEverything?

    override class var properties: [JastorProperty] {
        [
            .init("events", \FuzzFeed.events), .init("latest", \FuzzFeed.latest),
            .init("products", \FuzzFeed.products), .init("everything", \FuzzFeed.everything),
        ]
    }
}
