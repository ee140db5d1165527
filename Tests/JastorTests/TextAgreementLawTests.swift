import Foundation
import Jastor
import Testing

/// Raw JSON text with edge literals: `init(json:)` and `init(dictionary:)` of `JSONSerialization`'s
/// parse of the same text agree when neither reports anything, and what `init(json:)` reads quietly
/// comes back quietly and exactly from its own `jsonData()`.
@Suite struct TextAgreementLawTests {
    static let seeds: [UInt64] = [0xA22_1001, 0xA22_1002, 0xA22_1003]
    static let documentsPerSeed = 1000

    static let keys = [
        "i8", "i16", "i32", "i64", "int", "u8", "u16", "u32", "u64", "uint", "float", "optionalFloat", "double",
        "optionalDouble", "decimal", "optionalDecimal", "bool", "string", "optionalString", "date", "optionalDate",
        "data", "url", "uuid", "suit", "rank", "ratio", "floats", "dates", "map", "zip", "stamp", "millis", "iso",
        "day", "count", "ratioText", "anything", "extra", "$class", "$ref", #"i\u0038"#, #"\u0024class"#, #"a\/b"#,
        #"e\u0301"#, #"\u00e9"#, #"\u0000"#, "address", "version.major", "pair", "city", "strings", "map",
    ]

    static let literals = [
        "-0", "-0.0", "0", "0e5", "1e400", "-1e400", "1e-400", "18446744073709551616", "18446744073709551615",
        "-9223372036854775808", "-9223372036854775809", "123456789012345678901234567890", "0.1",
        "0.10000000000000000555", "1.7976931348623157e308", "1.7976931348623159e308", "4.9e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "1E2", "1e+2", "1.0", "100e-2", "9007199254740993",
        "0.0000000000000000000000000000000000000001", "3.4028235e38", "3.4028236e38", "1.4e-45", "7e-46",
        "0.30000000000000004", "5e-324", "1.5", "127", "128", "-128", "-129", "255", "256", "65535", "32767",
        "4294967295", "2147483648", "1409307120.123", "1409307120123", "1409307120123.456789",
        "99999999999999999999999999999999999999", "999999999999999999999999999999999999999", "1e127", "1e128",
        "1e-128", "1e-129", "123456789012345678.9", "0.000001", "1e-7", "16777217", "1073741824", "true", "false",
        "null", #""""#, #""\u0000""#, #""\u2028\u2029""#, #""\ud83d\ude00""#, #""\ud800""#, #""\udc00x""#,
        #""e\u0301""#, "\"\u{E9}\"", #""2014-08-29T10:12:00.123456789Z""#, #""1969-12-31T23:59:59.9999Z""#,
        #""2014-08-29T10:12:00Z""#, #""+12345-01-01T00:00:00Z""#, #""-0001-01-01T00:00:00Z""#,
        #""2014-08-29""#, #""QQ==""#, #""QR==""#, #""$class""#, #""a b""#, #""https://ex.com/ü""#,
        #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#, #""007""#, #""-0""#, #""1.50""#, #""19.90""#, #""1e3""#,
        #""NaN""#, #""Infinity""#, #""$ref""#, "[]", "{}", "[1,2.5,-0,1e400]", #"{"$class":"A22Wide"}"#,
        #"{"$ref":0}"#, #"["a",null,true]"#, #"{"a":1,"a":2}"#, #"[[]]"#, #"{"x":-0.0}"#,
        "0.1000000000000000000000000000000000000000001", "1e-0000000000000000000001", "1E+00",
        "1e99999999999999999999", "-1e-99999999999", "123456789012345678901234567890e-30",
        "0.000000000000000000000000000000000000000000000000000000000000000000000000001e75", "2.5e-1",
        #"{"city": "x", "zip": 94015}"#, #"{"city": 1}"#, #"{"version.major": 7}"#, "[null, 5]", "[1, 2]",
        #""\/""#, #""\ud83d""#, #""\u00e9""#, #"[["a"], []]"#, #"{"k": 1.5, "e\u0301": 2}"#,
        #""\u""#, #""\u12""#, #""\u12G4""#, #""\x""#, "\"\u{1}\"", "\"\u{7F}\"", #""\uDC00\uD800""#,
        #""\uD800\u0041""#, "01", "1.", ".5", "+1", "-", "1e", "1e+", "--1", "0x10", "Infinity", "NaN",
        "-Infinity", "1_000", "-01", "00", "0.e1", "1.e1", "tru", "nul", "[1,]", #"{"a":1,}"#, "[1 2]",
    ]

    /// A document, and the keys given a number: a `String` property keeps a number's text as
    /// written from bytes, but has only its value from a dictionary (documented).
    static func document(_ random: inout SeededRandom) -> (text: String, numberKeys: Set<String>) {
        var numberKeys: Set<String> = []
        let members = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            let key = keys[Int.random(in: 0..<keys.count, using: &random)]
            func literal() -> String { literals[Int.random(in: 0..<literals.count, using: &random)] }
            let value: String
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1, 2:
                value =
                    "[" + (0..<Int.random(in: 1...3, using: &random)).map { _ in literal() }.joined(separator: ",")
                    + "]"
            case 3: value = "{\"k\": \(literal()), \"$class\": \(literal())}"
            default: value = literal()
            }
            if value.contains(where: \.isNumber) { numberKeys.insert(key) }
            return "\"\(key)\": \(value)"
        }
        return ("{" + members.joined(separator: ", ") + "}", numberKeys)
    }

    @Test(arguments: seeds) func bytesAndFoundationAgreeAndBytesComeBack(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var seen: Set<String> = []
        func record(_ category: String, _ index: Int, _ text: String, _ detail: String) {
            if seen.insert(category).inserted {
                Issue.record("seed \(seed), document \(index): \(category)\n\(text)\n\(detail)")
            }
        }
        for index in 0..<Self.documentsPerSeed {
            let (text, numberKeys) = Self.document(&random)
            let data = Data(text.utf8)
            var byteIssues: [JastorIssue] = []
            let fromBytes: A22Wide
            do {
                fromBytes = try A22Wide(json: data, issues: &byteIssues)
            } catch {
                // Linux `JSONSerialization` takes a trailing comma (`[1,]`), which RFC 8259 does not.
                let trailingComma = text.contains(",]") || text.contains(",}")
                if !trailingComma, (try? JSONSerialization.jsonObject(with: data)) != nil {
                    record(
                        "init(json:) refused text JSONSerialization reads: \("\(error)".prefix(30))", index, text,
                        "\(error)")
                }
                continue
            }
            _ = fromBytes.description
            // A number beyond a `Double`'s range, which `JSONSerialization` refuses, is text to a
            // `String` property (documented).
            let overflows = ["1e400", "e308", "e9999"].contains { text.contains($0) }
            if byteIssues.isEmpty, !overflows, (try? JSONSerialization.jsonObject(with: data)) == nil {
                record("init(json:) quietly read text JSONSerialization refuses", index, text, "")
            }
            if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                var dictionaryIssues: [JastorIssue] = []
                let fromDictionary = A22Wide(dictionary: object, issues: &dictionaryIssues)
                let differences = A22Exact.differences(fromBytes, fromDictionary).filter { difference in
                    let key = String(difference.prefix(while: { $0 != ":" }))
                    return !(["string", "optionalString", "zip"].contains(key) && numberKeys.contains(key))
                }
                if byteIssues.isEmpty, dictionaryIssues.isEmpty, !differences.isEmpty, !text.contains("-0") {
                    record("quiet from both but different", index, text, "\(differences)")
                }
            }
            guard byteIssues.isEmpty else { continue }
            do {
                var again: [JastorIssue] = []
                let copy = try A22Wide(json: try fromBytes.jsonData(), issues: &again)
                let differences = A22Exact.differences(fromBytes, copy)
                if !again.isEmpty || !differences.isEmpty {
                    record("read quietly but not back: \(differences.first ?? "")", index, text, "\(again)")
                }
                if copy != fromBytes || copy.hashValue != fromBytes.hashValue {
                    record("copy unequal or hashed otherwise", index, text, "")
                }
            } catch {
                record("jsonData() threw for a model read quietly", index, text, "\(error)")
            }
        }
    }
}
