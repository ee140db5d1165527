import Foundation
import Jastor
import Testing

/// README.md's code, compiled and run here (`DocumentationTests` checks that every `swift` block of
/// the README appears in this file, line for line).
///
/// The README's types live in this namespace so that they do not clash with the other documents' or
/// the shared test models.
enum ReadmeDoc {
    // MARK: Quick start: the models

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

    @Suite struct ReadmeDocTests {
        @Test func quickStart() throws {
            let json: [String: Any] = [
                "name": "foo",
                "amount": "13",
                "price": 19.99,
                "category": ["name": "toys", "children": [["name": "wooden"], ["name": "plastic"]]],
            ]
            let product = Product(dictionary: json)
            print(product.amount)  // 13
            print(product.category?.children[1].name ?? "")  // plastic

            #expect(product.amount == 13)
            #expect(product.category?.children[1].name == "plastic")
            #expect(product.price == Decimal(string: "19.99"))

            let dictionary = product.toDictionary()
            let data = try JSONSerialization.data(withJSONObject: dictionary)
            print(Product(dictionary: dictionary) == product)  // true
            print(product)  // Product(name: "foo", amount: 13, …) nested and indented

            let url = FileManager.default.temporaryDirectory.appendingPathComponent("product.archive")
            try product.archive(to: url)
            let copy = try Product.unarchive(from: url)
            print(copy == product)  // true

            #expect(!data.isEmpty)
            #expect(Product(dictionary: dictionary) == product)
            #expect(product.description.hasPrefix("Product(\n  name: \"foo\",\n  amount: 13,"))
            #expect(copy == product)
            try FileManager.default.removeItem(at: url)
        }

        @Test func strictMappingThrowsEveryIssue() throws {
            do {
                _ = try Product(validatingJSONString: #"{"amount": "lots", "category": {"name": true}}"#)
            } catch let error as JastorError {
                print(error)
                // amount: expected Int, found String "lots"
                // category.name: expected String, found Bool true
            }

            let error = #expect(throws: JastorError.self) {
                try Product(validatingJSONString: #"{"amount": "lots", "category": {"name": true}}"#)
            }
            #expect(
                error?.description == """
                    amount: expected Int, found String "lots"
                    category.name: expected String, found Bool true
                    """)
            #expect(Product.declarationIssues.isEmpty && ProductCategory.declarationIssues.isEmpty)
        }
    }
}
