import Foundation
import Jastor

// The models the demo maps the fixtures into: the same shapes as Jastor's README.

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

final class User: JastorObject {
    var id: Int64 = 0
    var screenName = ""
    var followersCount = 0

    override class var properties: [JastorProperty] {
        [.init("id", \User.id), .init("screenName", \User.screenName), .init("followersCount", \User.followersCount)]
    }
}

final class Status: JastorObject {
    var id: Int64 = 0
    var text = ""
    var user = User()
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
