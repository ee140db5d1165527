import Foundation
import Jastor
import Testing

/// Every issue's path parses back from its text and leads to the value it reports, for keys made of
/// the characters paths treat specially, inside nested arrays, typed dictionaries, a `key:` path,
/// untyped values and transformed values (generated keys, seed 77).
@Suite struct IssuePathLawTests {
    private static let alphabet: [String] = [
        "a", ".", "[", "]", "\"", "\\", "@", "0", "7", " ", "\n", "\u{202E}", "\u{301}", "é", "\u{200B}", "'", "}",
        "#", "\u{1F600}", "\t",
    ]

    private static func hostileKeys(count: Int) -> [String] {
        var random = SeededRandom(seed: 77)
        return (0..<count).map { _ in
            (0..<Int(random.next() % 5)).map { _ in alphabet.randomElement(using: &random) ?? "" }.joined()
        }
    }

    private static func check(_ issues: [JastorIssue], in input: [String: Any], _ note: String) {
        #expect(!issues.isEmpty, "\(note): no issues")
        for issue in issues {
            let text = issue.path.description
            #expect(JastorPath(parsing: text) == issue.path, "\(note): \(text) parses as \(JastorPath(parsing: text))")
            #expect(issue.description.hasPrefix(text + ": "), "\(note): \(issue)")
            #expect(issue.path.value(in: input) != nil, "\(note): \(issue) leads nowhere")
        }
    }

    @Test func pathsOfHostileKeysParseBackAndLeadToTheValue() throws {
        for (index, key) in Self.hostileKeys(count: 300).enumerated() {
            let input: [String: Any] = [
                "grid": [[1], [2, "x"]],
                "byKey": [key: [1, true]],
                "outer": ["a.b": [0, 1, ["x\"y": ["": ["7": "deep"]]]]],
                "anything": [key: [["k": "\u{FFFD}"]]],
                "shades": ["light", key + "?"],
            ]
            var issues: [JastorIssue] = []
            _ = AgreementPaths(dictionary: input, issues: &issues)
            Self.check(issues, in: input, "seed 77 #\(index) key \(key.debugDescription)")
            let expected: [JastorPath] = [
                ["grid", 1, 1], ["byKey", .key(key), 1], ["outer", "a.b", 2, "x\"y", "", "7"], ["shades", 1],
            ]
            #expect(Set(issues.map(\.path)) == Set(expected), "seed 77 #\(index): \(issues)")

            let data = try JSONSerialization.data(withJSONObject: input)
            var fromBytes: [JastorIssue] = []
            _ = try AgreementPaths(json: data, issues: &fromBytes)
            #expect(Set(fromBytes) == Set(issues), "seed 77 #\(index): bytes \(fromBytes)")
        }
    }

    /// A string Swift cannot hold, inside an untyped value under hostile keys, is reported at its
    /// own path inside the value, which leads to the U+FFFD kept there.
    @Test func repairedTextInsideUntypedValuesIsReportedWhereItIs() throws {
        for (index, key) in Self.hostileKeys(count: 100).enumerated() {
            let quoted = String(data: try JSONSerialization.data(withJSONObject: [key]), encoding: .utf8) ?? "[\"\"]"
            let text = #"{"anything": {"# + quoted.dropFirst().dropLast() + #": [0, {"k": "\ud800"}]}}"#
            var issues: [JastorIssue] = []
            let model = try AgreementPaths(jsonString: text, issues: &issues)
            #expect(issues.map(\.path) == [["anything", .key(key), 1, "k"]], "seed 77 #\(index) \(text): \(issues)")
            let kept: [String: Any] = ["anything": model.anything]
            #expect(issues.first?.path.value(in: kept) as? String == "\u{FFFD}", "seed 77 #\(index) \(text)")
        }
    }
}
