import Foundation
import Jastor
import Testing

/// The README's code, compiled and run here.
///
/// `readmeCodeIsInThisFile` checks that every `swift` block of README.md still appears in this
/// file, line for line.
/// The README's types live in this namespace so that they do not clash with the shared test models.
enum Readme {
    // MARK: Quick start: the models

    final class ProductCategory: JastorObject {
        var name = ""
        var children: [ProductCategory] = []

        override class var properties: [JastorProperty] {
            [.init("name", \ProductCategory.name), .init("children", \ProductCategory.children)]
        }
    }

    final class Product: JastorObject {
        var name = ""
        var amount = 0
        var price: Decimal?
        var category: ProductCategory?

        override class var properties: [JastorProperty] {
            [
                .init("name", \Product.name), .init("amount", \Product.amount),
                .init("price", \Product.price), .init("category", \Product.category),
            ]
        }
    }

    // MARK: Declaring models

    enum Availability: String, JastorValue {
        case inStock = "in_stock"
        case soldOut = "sold_out"
    }

    class Animal: JastorObject {
        var name = ""
        var availability = Availability.inStock

        override class var properties: [JastorProperty] {
            [.init("name", \Animal.name), .init("availability", \Animal.availability)]
        }
    }

    final class Dog: Animal {
        var breed = ""
        weak var owner: Animal?

        override class var properties: [JastorProperty] { [.init("breed", \Dog.breed), .ignored("owner", \Dog.owner)] }
    }

    final class Shelter: JastorObject {
        var animals: [Animal] = []

        override class var properties: [JastorProperty] { [.init("animals", \Shelter.animals)] }
        override class var arrayElementTypes: [String: JastorObject.Type] { ["animals": Dog.self] }
    }

    @Suite struct ReadmeTests {
        /// The quick start's mapped product, for the sections that use it.
        private func mappedProduct() -> Product {
            Product(dictionary: ["name": "foo", "amount": "13", "price": 19.99, "category": ["name": "toys"]])
        }

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

        @Test func declaringModels() {
            let shelter = Shelter(dictionary: [
                "animals": [["name": "Rex", "breed": "collie", "availability": "sold_out"]]
            ])
            let rex = shelter.animals[0] as? Dog
            print(rex?.breed ?? "", rex?.availability == .soldOut)  // collie true

            #expect(rex?.breed == "collie")
            #expect(rex?.availability == .soldOut)
        }

        @Test func declarationsAreChecked() {
            #expect(Product.declarationIssues.isEmpty)
            #expect(Shelter.declarationIssues.isEmpty)
        }

        @Test func lenientAndStrict() throws {
            var issues: [JastorIssue] = []
            let lenient = Product(dictionary: ["name": "foo", "amount": 1.5], issues: &issues)
            print(lenient.amount)  // 0, the default: 1.5 is not an Int
            print(issues[0])  // amount: expected Int, found Number 1.5

            do {
                _ = try Product(validating: ["amount": "lots", "category": ["name": true]])
            } catch let error as JastorError {
                print(error)
                // amount: expected Int, found String "lots"
                // category.name: expected String, found Bool true
            }

            #expect(lenient.amount == 0)
            #expect(issues.map(\.description) == ["amount: expected Int, found Number 1.5"])
            let error = #expect(throws: JastorError.self) {
                try Product(validating: ["amount": "lots", "category": ["name": true]])
            }
            #expect(
                error?.description == """
                    amount: expected Int, found String "lots"
                    category.name: expected String, found Bool true
                    """)
        }

        @Test func archiving() throws {
            let product = mappedProduct()
            let archive = try product.archivedData(format: .json)
            let restored = try Product.unarchive(from: archive)
            let encoded = try JSONEncoder().encode(product)
            let decoded = try JSONDecoder().decode(Product.self, from: encoded)
            print(restored == product, decoded == product)  // true true

            #expect(restored == product)
            #expect(decoded == product)
        }

        @Test func readmeCodeIsInThisFile() throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            let thisFile = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
            let blocks = Self.swiftBlocks(in: readme)
            #expect(blocks.count == 8)
            let fileLines = Self.codeLines(thisFile)
            for block in blocks {
                let lines = Self.codeLines(block)
                let found = fileLines.indices.contains { start in
                    fileLines[start...].starts(with: lines)
                }
                #expect(found, "README block not found in ReadmeTests.swift:\n\(block)")
            }
        }

        /// The contents of the README's ```swift blocks.
        private static func swiftBlocks(in markdown: String) -> [String] {
            var blocks: [String] = []
            var current: [Substring]?
            for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
                if current == nil, line == "```swift" {
                    current = []
                } else if current != nil, line == "```" {
                    blocks.append(current?.joined(separator: "\n") ?? "")
                    current = nil
                } else {
                    current?.append(line)
                }
            }
            return blocks
        }

        /// Code lines with indentation, blank lines and imports removed, for comparison.
        private static func codeLines(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
        }
    }
}
