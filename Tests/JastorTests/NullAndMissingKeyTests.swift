import Foundation
import Jastor
import Testing

/// `null` and missing keys.
@Suite struct NullAndMissingKeyTests {
    @Test func nullClearsOptionalsAndKeepsNonOptionalDefaults() throws {
        let model = Everything()
        model.string = "kept"
        model.int = 7
        model.url = URL(string: "https://example.com")
        model.priority = .high
        model.strings = ["kept"]
        let json = try Fixtures.dictionary("nulls")
        var issues: [JastorIssue] = []
        let mapped = Everything(dictionary: json, issues: &issues)
        #expect(mapped.optionalString == nil, "null clears an optional even when its default is not nil")
        #expect(mapped.url == nil)
        #expect(mapped.priority == nil)
        #expect(mapped.string == "")
        #expect(mapped.int == 0)
        #expect(mapped.strings == [])
        #expect(
            issues.map(\.description).sorted() == [
                "int: expected Int, found null", "string: expected String, found null",
                "strings: expected [String], found null",
            ])
    }

    @Test func missingKeysLeavePropertiesUntouched() {
        let model = Everything(dictionary: [:])
        #expect(model.optionalString == "default")
        #expect(model.colour == .red)
        var issues: [JastorIssue] = []
        _ = Everything(dictionary: ["unknown": 1], issues: &issues)
        #expect(issues.isEmpty)
    }

    @Test func hardCodedNilInADictionaryLiteralIsNull() {
        let nothing: String? = nil
        let model = Everything(dictionary: ["optionalString": nothing as Any, "string": Optional("x") as Any])
        #expect(model.optionalString == nil)
        #expect(model.string == "x")
    }
}
