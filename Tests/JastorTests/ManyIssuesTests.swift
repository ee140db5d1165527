import Foundation
import Jastor
import Testing

/// Input with very many wrong values: one issue each, every line bounded, as GuaranteesAndLimits
/// documents; and one huge wrong value makes one short line.
@Suite struct ManyIssuesTests {
    @Test func everyWrongValueIsOneBoundedLine() throws {
        let count = 20_000
        let text = #"{"matrix": [["# + Array(repeating: #""x""#, count: count).joined(separator: ",") + "]]}"
        var issues: [JastorIssue] = []
        let model = try Everything(jsonString: text, issues: &issues)
        #expect(model.matrix == [[]])
        #expect(issues.count == count)
        #expect(issues.last?.description == #"matrix[0][19999]: expected Int, found String "x""#)
        let error = try #require(throws: JastorError.self) { try Everything(validatingJSONString: text) }
        #expect(error.issues == issues)
        let lines = error.description.split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines.allSatisfy { $0.utf8.count < 60 })
    }

    @Test func aMegabyteValueIsAShortLine() throws {
        let digits = String(repeating: "9", count: 1_000_000)
        let text = "{\"int\": \(digits), \"string\": [\"\(String(repeating: "\\n", count: 500_000))\"]}"
        let error = try #require(throws: JastorError.self) { try Everything(validatingJSONString: text) }
        #expect(error.issues.count == 2)
        #expect(error.description.utf8.count < 700)
        #expect(error.description.split(separator: "\n").count == 2)
        // `found` keeps the number whole, and the message shows 200 characters of it, as of any text.
        #expect(error.issues[1].found == "Number " + digits)
        #expect(
            error.issues[1].description
                == "int: expected Int, found Number \(digits.prefix(192))… (1000007 characters)")
    }
}
