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
        ("family 👨🏽‍👩‍👧 ❤️‍🔥", "scores.family 👨🏽‍👩‍👧 ❤️‍🔥"),
        // Invisible format characters: `zw` and `zw` + U+200B would print alike; U+202E reverses
        // the rest of the line on screen.
        ("zw\u{200B}", #"scores["zw\u{200b}"]"#),
        ("id\u{202E}txt.exe", #"scores["id\u{202e}txt.exe"]"#),
        ("\u{FEFF}id", #"scores["\u{feff}id"]"#),
        ("a\u{2066}b", #"scores["a\u{2066}b"]"#),
        ("a\u{200D}b", #"scores["a\u{200d}b"]"#),
        // A joiner after a text-style symbol or a lone variation selector joins no emoji.
        ("id\u{A9}\u{200D}", #"scores["id©\u{200d}"]"#),
        ("id\u{2122}\u{200D}", #"scores["id™\u{200d}"]"#),
        ("id\u{FE0F}\u{200D}", "scores[\"id\u{FE0F}\\u{200d}\"]"),
        ("flag 🏳️‍🌈", "scores.flag 🏳️‍🌈"),
        // A combining mark after the space hides `": "` from a search by `Character`.
        ("a: \u{301}b", "scores[\"a: \u{301}b\"]"),
        // `": "` ends the path in a message: unquoted, this key would read as the path `scores.a`.
        ("a: expected Bool, found Bool true", #"scores["a: expected Bool, found Bool true"]"#),
        ("a:b", "scores.a:b"),
        // A combining mark that starts a key would combine with the dot or quote before it.
        ("\u{301}x", #"scores["\u{301}x"]"#),
        ("\u{301}a.b", #"scores["\u{301}a.b"]"#),
        ("e\u{301}", "scores.e\u{301}"),
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

    /// Paths parse scalar by scalar: a combining mark after a dot, a bracket or a quote does not
    /// hide it.
    @Test func combiningMarksDoNotHideDotsOrQuotes() {
        #expect(JastorPath(parsing: "counts.\u{301}x") == ["counts", "\u{301}x"])
        #expect(JastorPath(parsing: #"counts["\#u{301}a.b"]"#) == ["counts", "\u{301}a.b"])
        let error = JastorError(issues: [
            JastorIssue(path: ["counts", "\u{301}x"], kind: .typeMismatch, expected: "Int", found: "Bool true")
        ])
        #expect(error.description == #"counts["\u{301}x"]: expected Int, found Bool true"#)
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

    /// A text of one character holding 100 000 Unicode scalars (an `e` with combining accents) is
    /// cut by scalars, as a key and as a found value, from a dictionary and from bytes.
    @Test func oneCharacterOfManyScalarsIsShortened() throws {
        let accented = "e" + String(repeating: "\u{301}", count: 100_000)
        var issues: [JastorIssue] = []
        _ = Everything(dictionary: ["int": accented, "scores": [accented: "x"]], issues: &issues)
        var fromBytes: [JastorIssue] = []
        _ = try Everything(
            json: Data(#"{"int": "\#(accented)", "scores": {"\#(accented)": "x"}}"#.utf8), issues: &fromBytes)
        #expect(issues.count == 2 && fromBytes.map(\.description) == issues.map(\.description))
        let shownKey = "e" + String(repeating: "\u{301}", count: 198) + "… (100001 Unicode scalars)"
        let shownValue = "e" + String(repeating: "\u{301}", count: 56)
        #expect(
            issues.map(\.description).sorted() == [
                "int: expected Int, found String \"\(shownValue)\"…",
                "scores.\(shownKey): expected Double, found String \"x\"",
            ])
        #expect(issues.first?.found.unicodeScalars.count ?? 0 < 100)
        #expect(issues.contains { $0.path == ["scores", .key(accented)] })
    }

    /// Format characters in a found value are escaped too.
    @Test func formatCharactersInFoundTextAreEscaped() {
        var issues: [JastorIssue] = []
        _ = Everything(dictionary: ["int": "12\u{202E}34", "bool": "\u{200B}"], issues: &issues)
        #expect(
            issues.map(\.description).sorted() == [
                #"bool: expected Bool, found String "\u{200b}""#,
                #"int: expected Int, found String "12\u{202e}34""#,
            ])
    }

    /// An enum's mismatch names the enum, not its raw value's type, as an unknown case does.
    @Test func anEnumMismatchNamesTheEnum() throws {
        var issues: [JastorIssue] = []
        _ = Everything(dictionary: ["colour": true, "priority": "x"], issues: &issues)
        #expect(
            issues.map(\.description).sorted() == [
                "colour: expected Colour, found Bool true", #"priority: expected Priority, found String "x""#,
            ])
        var fromBytes: [JastorIssue] = []
        _ = try Everything(json: Data(#"{"colour": true, "priority": "x"}"#.utf8), issues: &fromBytes)
        #expect(fromBytes.map(\.description).sorted() == issues.map(\.description).sorted())
        let error = try #require(throws: JastorError.self) { try Everything(validating: ["colour": 5]) }
        #expect(error.issues.map(\.expected) == ["Colour"])
    }

    /// Found and expected texts (which may name things from the input) never break the line.
    @Test func controlCharactersInFoundTextAreEscaped() {
        let issue = JastorIssue(
            path: ["a"], kind: .disallowedClass, expected: "a class", found: "class Evil\nexpected nothing")
        #expect(issue.description == #"a: expected a class, found class Evil\nexpected nothing"#)
        #expect(issue.found == "class Evil\nexpected nothing")
    }
}
