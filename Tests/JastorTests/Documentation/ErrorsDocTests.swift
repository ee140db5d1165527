import Foundation
import Jastor
import Testing

/// The code of `Jastor.docc/Errors.md`, compiled and run here.
enum ErrorsDoc {
    typealias Product = JastorDoc.Product

    @Suite struct ErrorsDocTests {
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

        @Test func issuesCarryTheirPaths() {
            var arrayIssues: [JastorIssue] = []
            let products = [Product](jsonArray: [["amount": 1], ["amount": "many"]], issues: &arrayIssues)
            print(products.map(\.amount))  // [1, 0]: the element is kept, the bad value left at its default
            print(arrayIssues[0])  // [1].amount: expected Int, found String "many"
            print(arrayIssues[0].kind, arrayIssues[0].path == JastorPath(parsing: "[1].amount"))  // invalidValue true

            #expect(products.map(\.amount) == [1, 0])
            #expect(arrayIssues.map(\.description) == [#"[1].amount: expected Int, found String "many""#])
            #expect(arrayIssues[0].kind == .invalidValue)
            #expect(arrayIssues[0].path == JastorPath(parsing: "[1].amount"))
            #expect(arrayIssues[0].path == [1, "amount"])
            #expect(arrayIssues[0].expected == "Int" && arrayIssues[0].found == #"String "many""#)
        }
    }
}
