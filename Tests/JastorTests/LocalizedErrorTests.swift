import Foundation
import Jastor
import Testing

/// `localizedDescription`, which alerts and logs show, says what `description` says.
@Suite struct LocalizedErrorTests {
    @Test func mappingErrorsDescribeEveryIssue() throws {
        let error = try #require(throws: JastorError.self) {
            try Product(validatingJSONString: #"{"amount": "lots", "category": {"name": true}}"#)
        }
        let expected = """
            amount: expected Int, found String "lots"
            category.name: expected String, found Bool true
            """
        #expect(error.description == expected)
        #expect(error.localizedDescription == expected)
        #expect((error as any Error).localizedDescription == expected)
        #expect((error as NSError).localizedDescription == expected)
    }

    @Test func syntaxAndArchiveErrorsToo() throws {
        let syntax = try #require(throws: JastorError.self) { try Product(jsonString: "[tru") }
        #expect(
            syntax.localizedDescription == "expected 'true', found the end of the input at line 1, column 5 (byte 4)")
        let missing = URL(fileURLWithPath: "/nonexistent-jastor-folder/product.archive")
        let archive = try #require(throws: JastorError.self) { try Product.unarchive(from: missing) }
        #expect(archive.localizedDescription == archive.description)
        #expect(archive.localizedDescription.hasPrefix("/nonexistent-jastor-folder/product.archive: expected "))
    }
}
