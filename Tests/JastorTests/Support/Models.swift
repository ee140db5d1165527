import Foundation
import Jastor

// Models shared by several test files.

// MARK: - Jastor's README and test suite

final class ProductCategory: JastorObject {
    var name = ""
    var children: [ProductCategory] = []

    override class var properties: [JastorProperty] {
        [.init("name", \ProductCategory.name), .init("children", \ProductCategory.children)]
    }
    override class var arrayElementTypes: [String: JastorObject.Type] { ["children": ProductCategory.self] }
}

final class Product: JastorObject {
    var name = ""
    var amount = 0
    var price: Decimal?
    var createdAt: Date?
    var category: ProductCategory?
    var tags: [String] = []

    override class var properties: [JastorProperty] {
        [
            .init("name", \Product.name), .init("amount", \Product.amount), .init("price", \Product.price),
            .init("createdAt", \Product.createdAt), .init("category", \Product.category), .init("tags", \Product.tags),
        ]
    }
}

// MARK: - Every supported type

enum Colour: String, JastorValue {
    case red, green, blue
}

enum Priority: Int, JastorValue {
    case low = 1
    case high = 2
}

final class Everything: JastorObject {
    var string = ""
    var bool = false
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var decimal: Decimal = 0
    var date = Date(timeIntervalSince1970: 0)
    var url: URL?
    var uuid: UUID?
    var data = Data()
    var colour = Colour.red
    var priority: Priority?
    var optionalString: String? = "default"
    var strings: [String] = []
    var matrix: [[Int]] = []
    var scores: [String: Double] = [:]
    var metadata: [String: Any] = [:]
    var anything: [Any] = []

    override class var properties: [JastorProperty] {
        [
            .init("string", \Everything.string), .init("bool", \Everything.bool), .init("int", \Everything.int),
            .init("int8", \Everything.int8), .init("int16", \Everything.int16), .init("int32", \Everything.int32),
            .init("int64", \Everything.int64), .init("uint", \Everything.uint), .init("uint8", \Everything.uint8),
            .init("uint16", \Everything.uint16), .init("uint32", \Everything.uint32),
            .init("uint64", \Everything.uint64), .init("double", \Everything.double),
            .init("float", \Everything.float), .init("decimal", \Everything.decimal), .init("date", \Everything.date),
            .init("url", \Everything.url), .init("uuid", \Everything.uuid), .init("data", \Everything.data),
            .init("colour", \Everything.colour), .init("priority", \Everything.priority),
            .init("optionalString", \Everything.optionalString), .init("strings", \Everything.strings),
            .init("matrix", \Everything.matrix), .init("scores", \Everything.scores),
            .init("metadata", \Everything.metadata), .init("anything", \Everything.anything),
        ]
    }
}

// MARK: - Twitter-shaped search results

final class TwitterUser: JastorObject {
    var id: Int64 = 0
    var screenName = ""
    var followersCount = 0

    override class var properties: [JastorProperty] {
        [
            .init("id", \TwitterUser.id), .init("screenName", \TwitterUser.screenName),
            .init("followersCount", \TwitterUser.followersCount),
        ]
    }
}

final class Status: JastorObject {
    var id: Int64 = 0
    var text = ""
    var user = TwitterUser()
    var retweetCount = 0
    var retweetedStatus: Status?

    override class var properties: [JastorProperty] {
        [
            .init("id", \Status.id), .init("text", \Status.text), .init("user", \Status.user),
            .init("retweetCount", \Status.retweetCount), .init("retweetedStatus", \Status.retweetedStatus),
        ]
    }
}

final class SearchResponse: JastorObject {
    var statuses: [Status] = []
    var nextPage: URL?

    override class var properties: [JastorProperty] {
        [.init("statuses", \SearchResponse.statuses), .init("nextPage", \SearchResponse.nextPage)]
    }
}

// MARK: - Inheritance

class Animal: JastorObject {
    var name = ""
    var legs = 4

    override class var properties: [JastorProperty] { [.init("name", \Animal.name), .init("legs", \Animal.legs)] }
    override class var archiveSubclasses: [JastorObject.Type] { [Dog.self, Puppy.self] }
}

class Dog: Animal {
    var breed = ""

    override class var properties: [JastorProperty] { [.init("breed", \Dog.breed)] }
}

final class Puppy: Dog {
    var ageInWeeks = 0

    override class var properties: [JastorProperty] { [.init("ageInWeeks", \Puppy.ageInWeeks)] }
}

final class Kennel: JastorObject {
    var resident: Animal?
    var residents: [Animal] = []
    var byName: [String: Animal] = [:]

    override class var properties: [JastorProperty] {
        [.init("resident", \Kennel.resident), .init("residents", \Kennel.residents), .init("byName", \Kennel.byName)]
    }
}
