import Foundation
import Jastor
import Testing

/// Trees of nested models, ported from the original Jastor's README and test suite.
@Suite struct TreeMappingTests {
    @Test func mapsAStringProperty() throws {
        let product = Product(dictionary: try Fixtures.dictionary("product_simple"))
        #expect(product.name == "foo")
        #expect(product.amount == 0)
        #expect(product.category == nil)
    }

    @Test func mapsANestedModel() throws {
        let product = Product(dictionary: try Fixtures.dictionary("product_with_category"))
        #expect(product.name == "foo")
        #expect(product.amount == 13)
        #expect(product.price == Decimal(string: "19.99"))
        #expect(product.createdAt == Date(timeIntervalSince1970: 1_409_307_120))
        #expect(product.tags == ["red", "wooden"])
        let category = try #require(product.category)
        #expect(category.name == "toys")
        #expect(category.children.isEmpty)
    }

    @Test func mapsChildrenThroughArrayElementTypes() throws {
        let tree = ProductCategory(dictionary: try Fixtures.dictionary("category_tree"))
        #expect(tree.name == "1")
        #expect(tree.children.map(\.name) == ["1.1", "1.2"])
        #expect(tree.children[0].children.isEmpty)
        #expect(tree.children[1].children.map(\.name) == ["1.2.1", "1.2.2"])
        #expect(tree.children[1].children.allSatisfy { $0.children.isEmpty })
    }

    @Test func treeWritesBackToItsInput() throws {
        let input = try Fixtures.dictionary("category_tree")
        let output = ProductCategory(dictionary: input).toDictionary()
        #expect(try Fixtures.canonical(output) == Fixtures.canonical(input))
        let leaf = try #require((output["children"] as? [[String: Any]])?.first)
        #expect(leaf.keys.sorted() == ["name"], "a leaf carries no children key")
    }

    @Test func mapsTreesAsDeepAsTheInput() throws {
        var json: [String: Any] = ["name": "leaf"]
        for level in 0..<120 {
            json = ["name": "level \(level)", "children": [json]]
        }
        var node = ProductCategory(dictionary: json)
        var depth = 0
        while let child = node.children.first {
            node = child
            depth += 1
        }
        #expect(depth == 120)
        #expect(node.name == "leaf")
    }

    @Test func declarationsOfTheSharedModelsAreConsistent() {
        let models: [JastorObject.Type] = [
            Product.self, ProductCategory.self, Everything.self, Status.self, TwitterUser.self, SearchResponse.self,
            Animal.self, Dog.self, Puppy.self, Kennel.self,
        ]
        for model in models {
            #expect(model.declarationIssues.isEmpty, "\(model): \(model.declarationIssues)")
        }
    }
}
