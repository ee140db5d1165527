import Foundation
import Testing

@testable import Jastor

/// The library's own JSON reader: JSONTestSuite, positions in errors, limits, exact numbers, and
/// the same results as mapping what `JSONSerialization` produced.
@Suite struct JSONReaderTests {
    /// JSONTestSuite beside the repository, where CI and developers have it.
    static let suiteFolder = Fixtures.folder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/json-test-suite")

    static func suiteFiles(prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suiteFolder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    private func read(_ text: String) throws -> JSONDocument {
        try JSONReader.read(Data(text.utf8))
    }

    private func error(reading text: String) throws -> String {
        try #require(throws: JastorError.self) { try JSONReader.read(Data(text.utf8)) }.description
    }

    @Test func wholeJSONTestSuite() throws {
        let accepted = Self.suiteFiles(prefix: "y_")
        let rejected = Self.suiteFiles(prefix: "n_")
        let either = Self.suiteFiles(prefix: "i_")
        guard !accepted.isEmpty else {
            print("JSONReaderTests: \(Self.suiteFolder.path) is absent; skipping the whole-suite check")
            return
        }
        #expect(accepted.count == 95)
        #expect(rejected.count == 188)
        #expect(either.count == 35)
        for name in accepted {
            let data = try Data(contentsOf: Self.suiteFolder.appendingPathComponent(name))
            #expect(throws: Never.self, "\(name) must be accepted") { try JSONReader.read(data) }
        }
        for name in rejected {
            let data = try Data(contentsOf: Self.suiteFolder.appendingPathComponent(name))
            #expect(throws: JastorError.self, "\(name) must be rejected") { try JSONReader.read(data) }
        }
        for name in either {
            let data = try Data(contentsOf: Self.suiteFolder.appendingPathComponent(name))
            _ = try? JSONReader.read(data)  // any outcome but a crash or a hang
        }
    }

    @Test func integersThatFitStayIntegersAndNegativeZeroStaysALiteral() throws {
        let document = try read("[-1, -9, 10, -0, 0, -0.0]")
        let kinds = (1...6).map { DocumentValue(document: document, index: $0).kind }
        guard case .scalar(.integer(-1)) = kinds[0], case .scalar(.integer(-9)) = kinds[1],
            case .scalar(.integer(10)) = kinds[2], case .scalar(.number(let negativeZero)) = kinds[3],
            case .scalar(.integer(0)) = kinds[4], case .scalar(.number(let fraction)) = kinds[5]
        else {
            Issue.record("unexpected kinds \(kinds)")
            return
        }
        #expect(negativeZero.text == "-0" && negativeZero.double.sign == .minus && negativeZero.isIntegerForm)
        #expect(fraction.text == "-0.0" && !fraction.isIntegerForm)
    }

    @Test func regressionFixturesFromTheSuite() throws {
        let folder = Fixtures.folder.appendingPathComponent("reader")
        let clef = try JSONReader.read(
            try Data(
                contentsOf: folder.appendingPathComponent("y_string_surrogates_U+1D11E_MUSICAL_SYMBOL_G_CLEF.json")))
        #expect(DocumentValue(document: clef, index: 1).foundationValue as? String == "\u{1D11E}")
        for name in ["n_structure_unclosed_array.json", "n_string_unescaped_tab.json"] {
            #expect(throws: JastorError.self) {
                try JSONReader.read(try Data(contentsOf: folder.appendingPathComponent(name)))
            }
        }
        let lone = try JSONReader.read(
            try Data(contentsOf: folder.appendingPathComponent("i_string_lone_second_surrogate.json")))
        #expect(DocumentValue(document: lone, index: 1).foundationValue as? String == "\u{FFFD}")
        // A number beyond Double's range is read as its literal: a String property takes the text,
        // every number type reports it at its path (LimitsTests).
        let hugeText = try String(contentsOf: folder.appendingPathComponent("i_number_huge_exp.json"), encoding: .utf8)
        let huge = try JSONReader.read(Data(hugeText.utf8))
        guard case .scalar(.number(let literal)) = DocumentValue(document: huge, index: 1).kind else {
            Issue.record("expected a number literal")
            return
        }
        #expect(literal.text == String(hugeText.dropFirst().prefix { $0 != "]" }))
        #expect(literal.double == .infinity && literal.untypedValue == nil)
    }

    @Test func errorsGiveLineColumnAndByte() throws {
        #expect(
            try error(reading: "{\"a\": 1,\n \"b\": x}") == "expected a value, found 'x' at line 2, column 7 (byte 15)")
        #expect(try error(reading: "") == "expected a value, found an empty input at line 1, column 1 (byte 0)")
        // Lines end at `\r\n` and at a lone `\r` too, as editors count them.
        #expect(
            try error(reading: "{\"a\": 1,\r\n \"b\": x}")
                == "expected a value, found 'x' at line 2, column 7 (byte 16)")
        #expect(
            try error(reading: "{\r\"a\":\r x}") == "expected a value, found 'x' at line 3, column 2 (byte 8)")
        #expect(
            try error(reading: "[1,\n\r\n\r 2 x]") == "expected ',' or ']', found 'x' at line 4, column 4 (byte 10)")
        #expect(
            try error(reading: "[1, 2")
                == "expected ',' or ']', found the end of the input at line 1, column 6 (byte 5)")
        #expect(try error(reading: "{\"a\" 1}") == "expected ':', found '1' at line 1, column 6 (byte 5)")
        #expect(try error(reading: "[01]") == "expected ',' or ']', found '1' at line 1, column 3 (byte 2)")
        #expect(try error(reading: "[1] x") == "expected the end of the input, found 'x' at line 1, column 5 (byte 4)")
        #expect(
            try error(reading: "\"\\x\"")
                == #"expected an escape (\", \\, \/, \b, \f, \n, \r, \t or \uXXXX), found 'x' at line 1, column 3 (byte 2)"#
        )
        #expect(try error(reading: "[\"é\", tru]") == "expected 'true', found ']' at line 1, column 10 (byte 10)")
    }

    @Test func nestingLimitIsAnErrorNotACrash() throws {
        #expect(throws: Never.self) {
            try self.read(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        }
        #expect(
            try error(reading: String(repeating: "[", count: 513))
                == "expected at most 512 levels of nesting, found '[' at line 1, column 513 (byte 512)")
        #expect(
            try error(reading: String(repeating: "{\"a\":", count: 100_000)).hasPrefix("expected at most 512 levels"))
    }

    @Test func numbersStayExact() throws {
        let document = try read(
            "[505874924095815681, 18446744073709551615, -9223372036854775808, 18446744073709551616, -0, 1.5e3]")
        let values = DocumentValue(document: document, index: 0).foundationValue as? [Any]
        #expect(values?[0] as? Int == 505_874_924_095_815_681)
        #expect(values?[1] as? UInt64 == UInt64.max)
        #expect(values?[2] as? Int == Int.min)
        #expect(values?[3] as? Double == 18_446_744_073_709_551_616)
        #expect((values?[4] as? Double).map { $0 == 0 && $0.sign == .minus } == true, "-0 keeps its sign")
        #expect(values?[5] as? Double == 1500)
    }

    @Test func stringsDecodeEscapesAndRepairBadUTF8() throws {
        let document = try read(#"["a\"b\\c\/d\n\u00e9\ud83d\ude00", "\ud800x", "plain"]"#)
        let values = DocumentValue(document: document, index: 0).foundationValue as? [String]
        #expect(values == ["a\"b\\c/d\né😀", "\u{FFFD}x", "plain"])
        let invalid = try JSONReader.read(Data([0x22, 0x61, 0xFF, 0x62, 0x22]))
        #expect(DocumentValue(document: invalid, index: 0).foundationValue as? String == "a\u{FFFD}b")
    }

    @Test(arguments: ["twitter.json", "citm_catalog.json", "canada.json", "apache_builds.json"])
    func readsRealWorldFilesAsJSONSerializationDoes(file: String) throws {
        let url = Self.suiteFolder.deletingLastPathComponent().appendingPathComponent("bench-data/\(file)")
        guard let data = try? Data(contentsOf: url) else {
            print("JSONReaderTests: \(url.path) is absent; skipping")
            return
        }
        let ours = DocumentValue(document: try JSONReader.read(data), index: 0).foundationValue
        let foundation = try JSONSerialization.jsonObject(with: data)
        guard file == "canada.json" else {
            #expect(try Fixtures.canonical(ours) == Fixtures.canonical(foundation))
            return
        }
        // Linux JSONSerialization hands canada's 17-digit numbers over as NSDecimalNumber, and so does
        // the reader for untyped values (no Double's shortest text is those 17 digits); both are
        // compared as the Double nearest their exact text (NSDecimalNumber's doubleValue is a few
        // ulps off: -65.613616999999977 becomes -65.61361699999996).
        let ourValues = Self.numbers(in: JastorPath("features[0].geometry.coordinates").value(in: ours) as Any)
        let theirValues = Self.numbers(in: JastorPath("features[0].geometry.coordinates").value(in: foundation) as Any)
        #expect(ourValues.count == 111_126)
        #expect(ourValues.count == theirValues.count)
        let farApart = zip(ourValues, theirValues).filter { abs($0 - $1) > 1e-12 * max(abs($0), 1) }.count
        #expect(farApart == 0)
        #expect(Array(ourValues.prefix(2)) == [-65.613616999999977, 43.420273000000009])
    }

    /// Every number inside nested arrays, as doubles (integers included), in order.
    private static func numbers(in value: Any) -> [Double] {
        switch value {
        case let array as [Any]: array.flatMap { numbers(in: $0) }
        case let double as Double: [double]
        case let integer as Int: [Double(integer)]
        case let decimal as NSDecimalNumber: [Double(decimal.decimalValue.description) ?? .nan]
        case let decimal as Decimal: [Double(decimal.description) ?? .nan]
        case let number as NSNumber: [number.doubleValue]
        default: []
        }
    }

    /// The reader skips plain string bytes eight at a time; every position of a quote, a
    /// backslash or a control character inside and across those words must still be found.
    @Test func stringEndsEscapesAndControlCharactersAtEveryOffset() throws {
        for length in 0..<24 {
            let plain = String(repeating: "a", count: length)
            let value = DocumentValue(document: try read("[\"\(plain)\"]"), index: 1).foundationValue
            #expect(value as? String == plain)
            let escaped = DocumentValue(document: try read("[\"\(plain)\\n\(plain)\"]"), index: 1)
            #expect(escaped.foundationValue as? String == plain + "\n" + plain)
            #expect(throws: JastorError.self) { try read("[\"\(plain)\u{1}\(plain)\"]") }
            #expect(throws: JastorError.self) { try read("[\"\(plain)") }
        }
    }

    /// Whitespace is skipped eight bytes at a time; runs of every length and mix end at the right
    /// byte, and a byte that is not JSON whitespace (form feed, vertical tab, NUL) is found at
    /// every offset of a word.
    @Test func whitespaceRunsOfEveryLengthAndKindEndAtTheRightByte() throws {
        let kinds: [Character] = [" ", "\n", "\t", "\r"]
        for length in 0..<24 {
            let run = String((0..<length).map { kinds[($0 * 7 + length) % kinds.count] })
            let text = "\(run)[\(run)1\(run),\(run){\(run)\"k\"\(run):\(run)true\(run)}\(run)]\(run)"
            let value = DocumentValue(document: try read(text), index: 0).foundationValue as? [Any]
            #expect(value?.first as? Int == 1)
            #expect((value?.last as? [String: Any])?["k"] as? Bool == true)
            for stray in ["\u{0C}", "\u{0B}", "\u{0}"] {
                #expect(
                    try error(reading: "[" + run + stray + run + "1]").hasSuffix("(byte \(length + 1))"),
                    "a stray \(stray.debugDescription) after \(length) whitespace bytes")
            }
        }
    }

    @Test func theSpaceAfterAColonIsTakenAndWhatFollowsItIsStillChecked() throws {
        for (text, byte) in [("{\"a\": }", 6), ("{\"a\": \u{0B}1}", 6), ("{\"a\":  x}", 7), ("{\"a\": ", 6)] {
            #expect(try error(reading: text).hasSuffix("(byte \(byte))"), "\(text.debugDescription)")
        }
        let value = DocumentValue(document: try read("{\"a\": \"b\", \"c\":\n 2}"), index: 0).foundationValue
        #expect((value as? [String: Any])?["a"] as? String == "b")
        #expect((value as? [String: Any])?["c"] as? Int == 2)
        // `": "` is taken in one load: every other spelling of the colon and its whitespace, after
        // plain and escaped keys, reads the same, and a truncated one fails where it ends.
        for separator in [":", ": ", ":  ", " : ", " :", ":\n", ":\t", "\t: ", "\r\n:\r\n "] {
            for key in ["k", "k\\n"] {
                let text = "{\"\(key)\"\(separator)1, \"z\"\(separator)\"y\"}"
                let object = DocumentValue(document: try read(text), index: 0).foundationValue as? [String: Any]
                #expect(object?[key == "k" ? "k" : "k\n"] as? Int == 1, "\(text.debugDescription)")
                #expect(object?["z"] as? String == "y", "\(text.debugDescription)")
            }
        }
        #expect(try error(reading: "{\"a\":").hasSuffix("(byte 5)"))
        #expect(try error(reading: "{\"a\" ").hasSuffix("(byte 5)"))
        #expect(try error(reading: "{\"a\"").hasSuffix("(byte 4)"))
    }

    /// Escaped strings copy their plain runs in bulk; every escape at every offset, and `\u`
    /// escapes of one to four UTF-8 bytes, decode as `JSONSerialization` decodes them.
    @Test func escapedStringsDecodeAtEveryOffset() throws {
        let escapes = [#"\n"#, #"\u0041"#, #"\u00e9"#, #"\u20ac"#, #"\ud83d\ude00"#, #"\""#, #"\/"#]
        for length in 0..<20 {
            let plain = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length)
            for escape in escapes {
                let text = "[\"\(plain)\(escape)\(plain)\(escape)\"]"
                let ours = DocumentValue(document: try read(text), index: 0).foundationValue as? [String]
                let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
                #expect(ours != nil && ours == theirs, "\(text)")
            }
        }
    }

    /// `true`, `false` and `null` are compared a word at a time; a wrong byte is still reported
    /// where it is.
    @Test func literalsAndTheirMisspellings() throws {
        let value = DocumentValue(document: try read("[true,false,null]"), index: 0).foundationValue as? [Any]
        #expect(value?.count == 3 && value?[0] as? Bool == true && value?[1] as? Bool == false && value?[2] is NSNull)
        #expect(try error(reading: "[trUe]") == "expected 'true', found 'U' at line 1, column 4 (byte 3)")
        #expect(try error(reading: "[falsE]") == "expected 'false', found 'E' at line 1, column 6 (byte 5)")
        #expect(try error(reading: "[nul]") == "expected 'null', found ']' at line 1, column 5 (byte 4)")
        #expect(try error(reading: "[nulL]") == "expected 'null', found 'L' at line 1, column 5 (byte 4)")
    }

    @Test func tapeNodesTakeSixteenBytes() {
        #expect(MemoryLayout<JSONDocument.Node>.stride == 16)
        let node = JSONDocument.Node(kind: .string, first: 7, second: JSONReader.maximumSize)
        #expect(node.second == JSONReader.maximumSize && node.first == 7 && node.kind == .string)
    }

    /// The tape first reserves a node per eight input bytes and grows past that by doubling
    /// (`JSONDocument.NodeBuffer`); dense documents (single digits, empty containers) outgrow it,
    /// some several times, and every node must survive each move: the document, built back into
    /// compact text, is the input.
    @Test func denseDocumentsOutgrowTheTapeReserveAndKeepEveryNode() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("JSONReaderTests dense documents seed: \(seed)")
        var random = SeededRandom(seed: seed)
        for _ in 0..<200 {
            let text = Self.denseValue(depth: 0, random: &random)
            let document = try read(text)
            let rebuilt = document.build(
                literal: { $0 }, string: { "\"\($0)\"" }, array: { "[" + $0.joined(separator: ",") + "]" },
                object: { "{" + $0.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}" })
            #expect(rebuilt == text, "seed \(seed)")
        }
    }

    /// Compact JSON of about two input bytes a node: digits, `true`, one-letter strings and keys,
    /// and arrays (up to 600 elements at the top, 6 below) and objects (up to 40 members at the
    /// top, 4 below), nested at most three deep.
    private static func denseValue(depth: Int, random: inout SeededRandom) -> String {
        switch Int.random(in: 0..<(depth < 3 ? 6 : 3), using: &random) {
        case 0: return String(Int.random(in: 0...9, using: &random))
        case 1: return "true"
        case 2: return "\"\(Character(Unicode.Scalar(UInt8.random(in: 97...122, using: &random))))\""
        case 3, 4:
            let count = Int.random(in: 0...(depth == 0 ? 600 : 6), using: &random)
            return "[" + (0..<count).map { _ in denseValue(depth: depth + 1, random: &random) }.joined(separator: ",")
                + "]"
        default:
            let count = Int.random(in: 0...(depth == 0 ? 40 : 4), using: &random)
            return "{"
                + (0..<count).map { index in "\"k\(index)\":" + denseValue(depth: depth + 1, random: &random) }
                .joined(separator: ",") + "}"
        }
    }

    @Test func duplicateKeysLastOneWins() throws {
        let model = try Everything(json: Data(#"{"string": "first", "string": "second"}"#.utf8))
        #expect(model.string == "second")
        var issues: [JastorIssue] = []
        let lastInvalid = try KeyedTwice(jsonString: #"{"id": 5, "id": "x"}"#)
        _ = KeyedTwice(dictionary: ["id": "x"], issues: &issues)
        #expect(lastInvalid.id == 0 && lastInvalid.idText == "x")
        #expect(issues.map(\.path) == [["id"]])
    }

    @Test func objectsMatchKeysInAnyOrderEscapedOrNot() throws {
        let json = #"{"c": 3, "\u0069d": 7, "unknown": [1, {"id": 9}], "b": 2, "a": 1, "n\u0061me": "x"}"#
        let model = try KeyedTwice(jsonString: json)
        #expect(model.id == 7 && model.idText == "7")
        #expect(model.name == "x" && model.a == 1 && model.b == 2 && model.c == 3)
        let wide = (0..<20).map { #""k\#($0)": \#($0)"# }.reversed().joined(separator: ", ")
        let manyKeys = try ManyKeys(jsonString: "{\(wide)}")
        #expect(manyKeys.values == Array(0..<20))
    }

    @Test(arguments: [
        "everything", "everything_coerced", "bad_types", "nulls", "search_response", "search_response_bad",
        "category_tree",
    ])
    func bytesMapExactlyAsDictionariesDo(fixture: String) throws {
        let data = try Fixtures.data(fixture)
        let dictionary = try Fixtures.dictionary(fixture)
        var dictionaryIssues: [JastorIssue] = []
        let models: [(JastorObject, JastorObject)] = [
            (try Everything(json: data), Everything(dictionary: dictionary, issues: &dictionaryIssues)),
            (try SearchResponse(json: data), SearchResponse(dictionary: dictionary)),
            (try ProductCategory(json: data), ProductCategory(dictionary: dictionary)),
        ]
        for (fromBytes, fromDictionary) in models {
            #expect(fromBytes == fromDictionary)
        }
        let strictBytes = Result { try SearchResponse(validatingJSON: data) }
        let strictDictionary = Result { try SearchResponse(validating: dictionary) }
        switch (strictBytes, strictDictionary) {
        case (.success(let a), .success(let b)): #expect(a == b)
        case (.failure(let a), .failure(let b)): #expect(String(describing: a) == String(describing: b))
        default: Issue.record("strict mapping from bytes and from a dictionary disagree")
        }
    }
}

/// Two properties read one key; the others arrive in any order, some keys escaped.
private final class KeyedTwice: JastorObject {
    var id = 0
    var idText = ""
    var name = ""
    var a = 0
    var b = 0
    var c = 0

    override class var properties: [JastorProperty] {
        [
            // Both read "id"; only `id` writes it (two properties writing one key is a declaration issue).
            .init("id", \KeyedTwice.id), .init("idText", \KeyedTwice.idText, key: "id", direction: .decodeOnly),
            .init("name", \KeyedTwice.name), .init("a", \KeyedTwice.a), .init("b", \KeyedTwice.b),
            .init("c", \KeyedTwice.c),
        ]
    }
}

/// More keys than the smallest key table holds, read from `k0` … `k19`.
private final class ManyKeys: JastorObject {
    var k0 = -1
    var k1 = -1
    var k2 = -1
    var k3 = -1
    var k4 = -1
    var k5 = -1
    var k6 = -1
    var k7 = -1
    var k8 = -1
    var k9 = -1
    var k10 = -1
    var k11 = -1
    var k12 = -1
    var k13 = -1
    var k14 = -1
    var k15 = -1
    var k16 = -1
    var k17 = -1
    var k18 = -1
    var k19 = -1

    var values: [Int] { [k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, k16, k17, k18, k19] }

    override class var properties: [JastorProperty] {
        [
            .init("k0", \ManyKeys.k0), .init("k1", \ManyKeys.k1), .init("k2", \ManyKeys.k2), .init("k3", \ManyKeys.k3),
            .init("k4", \ManyKeys.k4), .init("k5", \ManyKeys.k5), .init("k6", \ManyKeys.k6), .init("k7", \ManyKeys.k7),
            .init("k8", \ManyKeys.k8), .init("k9", \ManyKeys.k9), .init("k10", \ManyKeys.k10),
            .init("k11", \ManyKeys.k11), .init("k12", \ManyKeys.k12), .init("k13", \ManyKeys.k13),
            .init("k14", \ManyKeys.k14), .init("k15", \ManyKeys.k15), .init("k16", \ManyKeys.k16),
            .init("k17", \ManyKeys.k17), .init("k18", \ManyKeys.k18), .init("k19", \ManyKeys.k19),
        ]
    }
}
