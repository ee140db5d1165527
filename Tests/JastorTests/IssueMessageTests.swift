import Foundation
import Jastor
import Testing

/// Issue messages say unambiguously where the problem is, on one line, whatever the input's keys
/// and values hold.
@Suite struct IssueMessageTests {
    /// Keys a plain path would misread are quoted and escaped; the text parses back to the path.
    @Test(arguments: [
        ("a.b", #"scores["a.b"]"#),
        ("x[1]", #"scores["x[1]"]"#),
        ("]", #"scores["]"]"#),
        (#"say "hi""#, #"scores["say \"hi\""]"#),
        (#"back\slash"#, #"scores["back\\slash"]"#),
        ("line\nbreak", #"scores["line\nbreak"]"#),
        ("tab\tand\u{7}bell\r", #"scores["tab\tand\u{7}bell\r"]"#),
        ("para\u{2029}graph", #"scores["para\u{2029}graph"]"#),
        ("", #"scores[""]"#),
        ("12", #"scores["12"]"#),
        ("@3", #"scores["@3"]"#),
        ("plain key", "scores.plain key"),
        ("@home", "scores.@home"),
        ("ünïcødé 🐈‍⬛", "scores.ünïcødé 🐈‍⬛"),
    ])
    func awkwardKeysAreQuoted(key: String, rendered: String) throws {
        let error = try #require(throws: JastorError.self) {
            try Everything(validating: ["scores": [key: "many"]])
        }
        #expect(error.issues.map(\.path) == [["scores", .key(key)]])
        #expect(error.description == "\(rendered): expected Double, found String \"many\"")
        #expect(!error.description.contains("\n"))
        #expect(JastorPath(parsing: rendered) == ["scores", .key(key)])
    }

    @Test func indexThenQuotedKey() {
        let path: JastorPath = ["statuses", 3, "a.b", "user", 0]
        #expect(path.description == #"statuses[3]["a.b"].user[0]"#)
        #expect(JastorPath(parsing: path.description) == path)
        #expect(JastorPath(parsing: #"["a.b"]"#) == ["a.b"])
        #expect(JastorPath.Component.key("a.b").description == #"["a.b"]"#)
        #expect(JastorPath.Component.key("id").description == "id")
    }

    /// A 600 KB class name in a crafted archive is cut in the message and kept whole in the issue.
    @Test func longClassNameIsShortenedInTheMessage() throws {
        let name = "JastorTests." + String(repeating: "K", count: 600_000)
        let archive = #"{"format": "jastor-archive", "version": 1, "rootClass": "\#(name)", "root": {}}"#
        let error = try #require(throws: JastorError.self) { try Kennel.unarchive(from: Data(archive.utf8)) }
        let issue = try #require(error.issues.first)
        #expect(issue.found == "one of \(name)")
        #expect(
            issue.description
                == "expected an archive of Kennel or a subclass, found one of JastorTests."
                + String(repeating: "K", count: 180) + "… (600019 characters)")
    }

    @Test func longKeyIsShortenedInTheMessage() throws {
        let key = String(repeating: "k", count: 10_000)
        let error = try #require(throws: JastorError.self) { try Everything(validating: ["scores": [key: "x"]]) }
        #expect(error.issues.first?.path == ["scores", .key(key)])
        #expect(
            error.description
                == "scores.\(String(repeating: "k", count: 199))… (10000 characters): expected Double, found String \"x\""
        )
    }

    @Test func longStringValueIsShortened() throws {
        let error = try #require(throws: JastorError.self) {
            try Everything(validating: ["int": String(repeating: "9x", count: 50_000)])
        }
        #expect(
            error.description == "int: expected Int, found String \"\(String(repeating: "9x", count: 28))9\"…")
    }

    /// Found and expected texts (which may name things from the input) never break the line.
    @Test func controlCharactersInFoundTextAreEscaped() {
        let issue = JastorIssue(
            path: ["a"], kind: .disallowedClass, expected: "a class", found: "class Evil\nexpected nothing")
        #expect(issue.description == #"a: expected a class, found class Evil\nexpected nothing"#)
        #expect(issue.found == "class Evil\nexpected nothing")
    }
}
