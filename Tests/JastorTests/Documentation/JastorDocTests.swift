import Foundation
import Jastor
import Testing

/// The code of the catalog's landing page, `Jastor.docc/Jastor.md`, compiled and run here.
///
/// Its two models are the ones the other articles use.
enum JastorDoc {
    final class ProductCategory: JastorObject {
        var name = ""
        var children: [ProductCategory] = []

        override class var properties: [JastorProperty] { register(\.name, \.children) }
    }

    final class Product: JastorObject {
        var name = ""
        var amount = 0
        var price: Decimal?
        var category: ProductCategory?

        override class var properties: [JastorProperty] { register(\.name, \.amount, \.price, \.category) }
    }

    @Suite struct JastorDocTests {
        @Test func mapsAndWritesBack() throws {
            let product = try Product(
                validatingJSONString: #"{"name": "foo", "amount": 13, "category": {"name": "toys"}}"#)
            print(product.amount, product.category?.name ?? "")  // 13 toys
            print(Product(dictionary: product.toDictionary()) == product)  // true

            #expect(product.amount == 13 && product.name == "foo")
            #expect(product.category?.name == "toys")
            #expect(product.price == nil)
            #expect(Product(dictionary: product.toDictionary()) == product)
        }
    }
}
