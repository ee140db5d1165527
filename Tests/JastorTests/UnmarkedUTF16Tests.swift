import Foundation
import Jastor
import Testing

/// UTF-16 and UTF-32 text without a byte order mark is named as such, as text with a mark is,
/// instead of "found byte 0x00".
@Suite struct UnmarkedUTF16Tests {
    private static let message =
        "expected UTF-8 JSON, found UTF-16 or UTF-32 text without a byte order mark (zero bytes among the first four); Jastor reads UTF-8 at line 1, column 1 (byte 0)"

    @Test(arguments: [String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian])
    func textInAnotherEncodingIsNamed(encoding: String.Encoding) throws {
        let data = try #require(#"{"name": "x"}"#.data(using: encoding))
        let error = try #require(throws: JastorError.self) { try Product(json: data) }
        #expect(error.description == Self.message)
        #expect(throws: JastorError.self) { try [Product](json: data) }
    }

    @Test func suiteFilesWithoutAMarkAreNamed() throws {
        for name in ["i_string_utf16BE_no_BOM.json", "i_string_utf16LE_no_BOM.json"] {
            let file = JSONReaderTests.suiteFolder.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: file) else { continue }
            let error = try #require(throws: JastorError.self) { try Product(json: data) }
            #expect(error.description == Self.message, "\(name)")
        }
    }
}
