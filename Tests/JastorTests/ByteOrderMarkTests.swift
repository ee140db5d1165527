import Foundation
import Testing

@testable import Jastor

/// A byte order mark at the start of the input: one UTF-8 mark (EF BB BF) is skipped, as RFC 8259
/// §8.1 allows and `JSONSerialization` does, by every entry point from bytes; a UTF-16 or UTF-32
/// mark is refused with an error that names it.
@Suite struct ByteOrderMarkTests {
    private static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private func withMark(_ text: String) -> Data { Data(Self.mark + Array(text.utf8)) }

    /// The document as compact text, strings marked, for comparing two reads.
    private func outline(_ document: JSONDocument) -> String {
        document.build(
            literal: { $0 }, string: { "s:" + $0 }, array: { "[\($0.joined(separator: ","))]" },
            object: { "{\($0.map { "\($0.key)=\($0.value)" }.joined(separator: ","))}" })
    }

    @Test func aUTF8MarkIsSkippedByTheReader() throws {
        for text in ["{\"a\": [1, \"x\"]}", "[true]", "\"text\"", "12.5", "null", " \n {}"] {
            let withMark = try JSONReader.read(withMark(text))
            let without = try JSONReader.read(Data(text.utf8))
            #expect(outline(withMark) == outline(without), "\(text)")
            #expect(outline(withMark).count > 1)
        }
    }

    @Test func modelsAndArraysReadPastAUTF8Mark() throws {
        var issues: [JastorIssue] = []
        let product = try Product(json: withMark("{\"name\": \"Pen\", \"amount\": 3}"), issues: &issues)
        #expect(issues.isEmpty)
        #expect(product.name == "Pen")
        #expect(product.amount == 3)
        let strict = try Product(validatingJSON: withMark("{\"name\": \"Ink\"}"))
        #expect(strict.name == "Ink")
        let products = try [Product](json: withMark("[{\"name\": \"A\"}, {\"name\": \"B\"}]"))
        #expect(products.map(\.name) == ["A", "B"])
        let fromString = try Product(jsonString: "\u{FEFF}{\"name\": \"Cap\"}")
        #expect(fromString.name == "Cap")
    }

    @Test func aJSONArchiveReadsPastAUTF8Mark() throws {
        let product = Product()
        product.name = "Lamp"
        product.amount = 2
        let archive = try product.archivedData(format: .json)
        let read = try Product.unarchive(from: Data(Self.mark) + archive)
        #expect(read.name == "Lamp")
        #expect(read.amount == 2)
    }

    @Test func onlyOneMarkIsSkipped() throws {
        let message = try #require(throws: JastorError.self) {
            try JSONReader.read(Data(Self.mark + Self.mark + Array("[1]".utf8)))
        }.description
        #expect(message == "expected a value, found byte 0xEF at line 1, column 1 (byte 3)")
    }

    @Test func errorsAfterAMarkCountColumnsWithoutIt() throws {
        let message = try #require(throws: JastorError.self) { try JSONReader.read(withMark("[1,]")) }.description
        #expect(message == "expected a value, found ']' at line 1, column 4 (byte 6)")
        let empty = try #require(throws: JastorError.self) { try JSONReader.read(Data(Self.mark)) }.description
        #expect(empty == "expected a value, found the end of the input at line 1, column 1 (byte 3)")
    }

    @Test(arguments: [
        ([0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D] as [UInt8], "UTF-16"),
        ([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], "UTF-16"),
        ([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x5B], "UTF-32"),
        ([0xFF, 0xFE, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00], "UTF-32"),
        ([0xFE, 0xFF], "UTF-16"),
    ])
    func otherMarksAreRefusedByName(bytes: [UInt8], encoding: String) throws {
        let expected =
            "expected UTF-8 JSON, found a \(encoding) byte order mark; Jastor reads UTF-8 at line 1, column 1 (byte 0)"
        let reader = try #require(throws: JastorError.self) { try JSONReader.read(Data(bytes)) }
        #expect(reader.description == expected)
        let model = try #require(throws: JastorError.self) { try Product(json: Data(bytes)) }
        #expect(model.description == expected)
    }
}
