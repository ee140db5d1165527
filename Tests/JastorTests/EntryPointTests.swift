import Foundation
import Jastor
import Testing

private final class Member: JastorObject {
    var name = ""
    var age = 0

    override class var properties: [JastorProperty] { register(\.name, \.age) }
}

/// One way to map each source (dictionary, `Data`, `String`) into each shape (model, array) in
/// each mode (lenient, lenient with issues, strict), named alike.
@Suite struct EntryPointTests {
    private static let objectText = #"{"name": "Ann", "age": "x"}"#
    private static let arrayText = #"[{"name": "Ann"}, {"name": "Bo", "age": "x"}]"#
    private static let objectIssue = #"age: expected Int, found String "x""#
    private static let arrayIssue = #"[1].age: expected Int, found String "x""#

    private static var object: [String: Any] { ["name": "Ann", "age": "x"] }
    private static var array: [Any] { [["name": "Ann"], ["name": "Bo", "age": "x"]] }

    @Test func lenientObjectFromEverySource() throws {
        let models = [
            Member(dictionary: Self.object), try Member(json: Data(Self.objectText.utf8)),
            try Member(jsonString: Self.objectText),
        ]
        #expect(models.map(\.name) == ["Ann", "Ann", "Ann"])
        #expect(models.map(\.age) == [0, 0, 0])
    }

    @Test func lenientObjectWithIssuesFromEverySource() throws {
        var fromDictionary: [JastorIssue] = []
        var fromData: [JastorIssue] = []
        var fromString: [JastorIssue] = []
        _ = Member(dictionary: Self.object, issues: &fromDictionary)
        _ = try Member(json: Data(Self.objectText.utf8), issues: &fromData)
        _ = try Member(jsonString: Self.objectText, issues: &fromString)
        for issues in [fromDictionary, fromData, fromString] {
            #expect(issues.map(\.description) == [Self.objectIssue])
        }
    }

    @Test func strictObjectFromEverySource() {
        let errors = [
            #expect(throws: JastorError.self) { try Member(validating: Self.object) },
            #expect(throws: JastorError.self) { try Member(validatingJSON: Data(Self.objectText.utf8)) },
            #expect(throws: JastorError.self) { try Member(validatingJSONString: Self.objectText) },
        ]
        #expect(errors.map { $0?.description } == Array(repeating: Self.objectIssue, count: 3))
    }

    @Test func lenientArrayFromEverySource() throws {
        let arrays = [
            [Member](jsonArray: Self.array), try [Member](json: Data(Self.arrayText.utf8)),
            try [Member](jsonString: Self.arrayText),
        ]
        #expect(arrays.map { $0.map(\.name) } == Array(repeating: ["Ann", "Bo"], count: 3))
    }

    @Test func lenientArrayWithIssuesFromEverySource() throws {
        var fromArray: [JastorIssue] = []
        var fromData: [JastorIssue] = []
        var fromString: [JastorIssue] = []
        _ = [Member](jsonArray: Self.array, issues: &fromArray)
        _ = try [Member](json: Data(Self.arrayText.utf8), issues: &fromData)
        _ = try [Member](jsonString: Self.arrayText, issues: &fromString)
        for issues in [fromArray, fromData, fromString] {
            #expect(issues.map(\.description) == [Self.arrayIssue])
        }
    }

    @Test func strictArrayFromEverySource() {
        let errors = [
            #expect(throws: JastorError.self) { try [Member](validating: Self.array) },
            #expect(throws: JastorError.self) { try [Member](validatingJSON: Data(Self.arrayText.utf8)) },
            #expect(throws: JastorError.self) { try [Member](validatingJSONString: Self.arrayText) },
        ]
        #expect(errors.map { $0?.description } == Array(repeating: Self.arrayIssue, count: 3))
    }

    @Test func bytesOfTheWrongShapeAreAnErrorInEveryMode() {
        var issues: [JastorIssue] = []
        let errors = [
            #expect(throws: JastorError.self) { try Member(jsonString: "[]", issues: &issues) },
            #expect(throws: JastorError.self) { try [Member](jsonString: "{}", issues: &issues) },
            #expect(throws: JastorError.self) { try [Member](validatingJSONString: "{}") },
        ]
        #expect(
            errors.map { $0?.description } == [
                "expected Object for Member, found Array", "expected Array of Member, found Object",
                "expected Array of Member, found Object",
            ])
    }
}
