import Foundation
import Jastor

final class ProductCategory: JastorObject {
    var name = ""
    var children: [ProductCategory] = []
    override class var properties: [JastorProperty] {
        [.init("name", \ProductCategory.name), .init("children", \ProductCategory.children)]
    }
}
final class Product: JastorObject {
    var name = ""
    var amount: Int = 0
    var price: Decimal?
    var category = ProductCategory()
    var objectId: Int64 = 0
    var created: Date?
    override class var properties: [JastorProperty] {
        [.init("name", \Product.name), .init("amount", \Product.amount), .init("price", \Product.price),
         .init("category", \Product.category), .init("objectId", \Product.objectId), .init("created", \Product.created)]
    }
}
let json = try JSONSerialization.jsonObject(with: Data(#"{"name":"foo","amount":"225","price":9.99,"id":505874924095815681,"created":"2014-08-29T10:12:00Z","category":{"name":"1","children":[{"name":"1.1"},{"name":"1.2","children":[{"name":"1.2.1"}]}]}}"#.utf8)) as! [String: Any]
let p = Product(dictionary: json)
print(p)
print(p.toDictionary())
var issues: [JastorIssue] = []
_ = Product(dictionary: ["amount": 1.5, "price": "x", "category": ["children": [1, ["name": true]]]], issues: &issues)
print(issues.map(\.description))
print(Product(dictionary: p.toDictionary()) == p)
let data = try p.archivedData(format: .json)
print(String(decoding: data, as: UTF8.self))
let back = try Product.unarchive(from: data)
print(back == p)
let pl = try Product.unarchive(from: try p.archivedData())
print(pl == p, try JSONDecoder().decode(Product.self, from: JSONEncoder().encode(p)) == p)
