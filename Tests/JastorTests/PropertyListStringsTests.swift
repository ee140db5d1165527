import Foundation
import Jastor
import Testing

/// Foundation's binary `PropertyListEncoder` on Linux writes strings Swift calls equal (`"é"` and
/// `"e\u{301}"`) as one object, values and keys alike, so the later read back in the earlier's
/// spelling: encoding such a model is an `EncodingError` naming the later one's path.
@Suite struct PropertyListStringsTests {
    static let spellings: [(String, String)] = [("é", "e\u{301}"), ("\u{2126}", "Ω"), ("\u{212A}", "K")]

    @Test(arguments: 0..<3) func twoSpellingsOfOneStringAreRefusedNotMerged(pair: Int) throws {
        let (first, second) = Self.spellings[pair]
        let model = A22Wide()
        model.string = first
        model.city = second
        let error = try #require(throws: EncodingError.self) { try PropertyListEncoder().encode(model) }
        #expect("\(error)".contains("address.city: expected text that PropertyListEncoder writes as it is"))
        let copy = try JSONDecoder().decode(A22Wide.self, from: try JSONEncoder().encode(model))
        #expect(Array(copy.city.unicodeScalars) == Array(second.unicodeScalars))
        #expect(Array(copy.string.unicodeScalars) == Array(first.unicodeScalars))
    }

    @Test func aKeySpelledAsAnotherStringIsRefused() throws {
        let model = A22Wide()
        model.string = "é"
        model.map = ["e\u{301}": 1]
        let error = try #require(throws: EncodingError.self) { try PropertyListEncoder().encode(model) }
        #expect("\(error)".contains("map.e\u{301}: expected text that PropertyListEncoder writes as it is"))
        #expect("\(error)".contains("found the key \"e\u{301}\", another Unicode spelling of \"é\""))
    }

    @Test func oneSpellingUsedTwiceStillEncodes() throws {
        let model = A22Wide()
        model.string = "e\u{301}"
        model.city = "e\u{301}"
        model.map = ["e\u{301}": 1]
        let copy = try PropertyListDecoder().decode(A22Wide.self, from: try PropertyListEncoder().encode(model))
        #expect(Array(copy.city.unicodeScalars) == Array("e\u{301}".unicodeScalars))
        #expect(Array(copy.map.keys.first?.unicodeScalars ?? "".unicodeScalars) == Array("e\u{301}".unicodeScalars))
    }
}
