import Foundation
import Testing

@testable import Jastor

/// The same wrong input gives the same issues through every entry point: bytes, `JSONSerialization`'s
/// dictionary, lenient `issues:` and strict throwing, and `JSONDecoder`; and a lenient model keeps a
/// property's default exactly where an issue is reported (generated inputs, seed 2024).
@Suite struct IssueAgreementLawTests {
    /// A JSON text for each value a generated record may hold at a key: right, or wrong.
    private static let goodValues: [String: [String]] = [
        "id": ["7", "-9223372036854775808"], "name": [#""n""#, #""é\n""#], "score": ["1.5", "2"],
        "flag": ["true", "0"], "tags": ["[1,2]", "[]"], "owner": [#"{"id":3,"nick":"o"}"#],
        "members": [#"[{"id":1},{"nick":"m"}]"#], "address": [#"{"city":"c"}"#],
        "counts": [#"{"a.b":1,"[0]":2,"\"":3,"":4}"#], "note": [#""x""#],
    ]
    private static let wrongValues = [
        #""abc""#, "1.5", "true", "[1]", #"{"k":1}"#, "1e400", #""\ud800""#, "-1",
        #"[{"id":"x"},{"nick":5}]"#, #"{"id":[],"nick":{}}"#, #"{"a.b":"x","\"q\"":true,"7":null}"#,
        #"{"city":5}"#, "null",
    ]

    private static func generatedTexts(count: Int) -> [String] {
        var random = SeededRandom(seed: 2024)
        return (0..<count).map { _ in
            let members = goodValues.keys.sorted().compactMap { key -> String? in
                switch random.next() % 4 {
                case 0: nil
                case 1: "\"\(key)\":\(wrongValues.randomElement(using: &random) ?? "null")"
                default: "\"\(key)\":\(goodValues[key]?.randomElement(using: &random) ?? "null")"
                }
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    private static func sorted(_ issues: [JastorIssue]) -> [String] { issues.map(\.description).sorted() }

    @Test func bytesDictionaryStrictAndDecoderAgree() throws {
        for (index, text) in Self.generatedTexts(count: 400).enumerated() {
            let data = Data(text.utf8)
            var fromBytes: [JastorIssue] = []
            _ = try AgreementRecord(json: data, issues: &fromBytes)
            let strictBytes = Self.strictIssues { try AgreementRecord(validatingJSON: data) }
            #expect(strictBytes == fromBytes, "seed 2024 #\(index) \(text): strict from bytes")

            // Documented: JSONSerialization refuses 1e400 and lone surrogates outright.
            if let dictionary = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                var fromDictionary: [JastorIssue] = []
                _ = AgreementRecord(dictionary: dictionary, issues: &fromDictionary)
                let strictDictionary = Self.strictIssues { try AgreementRecord(validating: dictionary) }
                #expect(strictDictionary == fromDictionary, "seed 2024 #\(index) \(text): strict from a dictionary")
                // Documented: a Foundation dictionary has no order, so its issues come sorted by key.
                #expect(
                    Self.sorted(fromBytes) == Self.sorted(fromDictionary),
                    "seed 2024 #\(index) \(text): bytes \(fromBytes) dictionary \(fromDictionary)")
            }

            // JSONDecoder reads with Foundation's reader, which refuses 1e400 and lone surrogates.
            if text.contains("1e400") || text.contains(#"\ud800"#) { continue }
            do {
                _ = try JSONDecoder().decode(AgreementRecord.self, from: data)
                #expect(fromBytes.isEmpty, "seed 2024 #\(index) \(text): decoder accepted \(fromBytes)")
            } catch let DecodingError.dataCorrupted(context) {
                let underlying = context.underlyingError as? JastorError
                // Documented: a decoder's objects list their members by key, as a Foundation dictionary.
                let issues = underlying?.issues ?? []
                #expect(Self.sorted(issues) == Self.sorted(fromBytes), "seed 2024 #\(index) \(text): decoder")
                let path = JastorPath(
                    context.codingPath.map { $0.intValue.map(JastorPath.Component.index) ?? .key($0.stringValue) })
                #expect(path == issues.first?.path, "seed 2024 #\(index) \(text): decoder path \(path)")
            }
        }
    }

    private static func strictIssues(_ body: () throws -> AgreementRecord) -> [JastorIssue] {
        do {
            _ = try body()
            return []
        } catch let error as JastorError {
            return error.issues
        } catch {
            Issue.record("not a JastorError: \(error)")
            return []
        }
    }

    /// A property keeps its default exactly where an issue names it (or a path below it): a wrong
    /// value that is not reported, or a default kept for a right one, is a silent default.
    @Test func defaultsAreKeptExactlyWhereIssuesAre() throws {
        let blank = AgreementRecord().toDictionary()
        for (index, text) in Self.generatedTexts(count: 400).enumerated() {
            var issues: [JastorIssue] = []
            let record = try AgreementRecord(json: Data(text.utf8), issues: &issues)
            let written = record.toDictionary()
            guard let input = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                continue
            }
            for key in Self.goodValues.keys {
                let reported = issues.contains { $0.path.components.first == .key(key) }
                guard let given = input[key] else {
                    #expect(!reported, "seed 2024 #\(index) \(text): \(key) missing but reported")
                    continue
                }
                // An object for a model or a key path's step is never wrong as a whole: keys the
                // model does not read are ignored, and a missing step reads nothing (documented).
                let isObjectForModel = given is [String: Any] && (key == "owner" || key == "address")
                let isWrong =
                    !isObjectForModel
                    && !Self.goodValues[key, default: []].contains {
                        (try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed))
                            .map { "\($0)" } == "\(given)"
                    }
                let kept = "\(written[key] ?? NSNull())" == "\(blank[key] ?? NSNull())"
                if isWrong, !reported, kept, !(given is NSNull) {
                    Issue.record("seed 2024 #\(index) \(text): \(key) kept its default silently")
                }
                let isGood = !isWrong && !isObjectForModel
                if isGood {
                    #expect(!reported, "seed 2024 #\(index) \(text): \(key) reported: \(issues)")
                }
            }
        }
    }
}
