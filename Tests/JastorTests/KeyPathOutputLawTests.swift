import Foundation
import Jastor
import Testing

/// Two key paths under `address`, two under `rows` (an index past the other, so output pads the
/// array with `null`), a plain key, and the keys no property maps kept.
private final class KeptPaths: JastorObject {
    var city: String?
    var zip: Int?
    var third: Int?
    var firstV: String?
    var name: String?
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.city, key: "address.city")
            property(\.zip, key: "address.zip")
            property(\.third, key: "rows[3]")
            property(\.firstV, key: "rows[1].v")
            property(\.name)
            unmappedKeys(\.extras)
        }
    }
}

/// The same paths in a class that reports the keys it does not map.
private final class ReportedPaths: JastorObject {
    var city: String?
    var zip: Int?
    var third: Int?
    var firstV: String?
    var name: String?

    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }
    override class var properties: [JastorProperty] {
        register {
            property(\.city, key: "address.city")
            property(\.zip, key: "address.zip")
            property(\.third, key: "rows[3]")
            property(\.firstV, key: "rows[1].v")
            property(\.name)
        }
    }
}

/// Reads `in` and writes it under `meta.out`, beside `meta.y`, which it reads and writes; keeps
/// the keys it does not map.
private final class KeptWrittenPath: JastorObject {
    var x: Int?
    var y: Int?
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.x, key: "in", outputKey: "meta.out")
            property(\.y, key: "meta.y")
            unmappedKeys(\.extras)
        }
    }
}

/// Reads `in` and writes it under `out`, a key no property reads; keeps the keys it does not map.
private final class KeptWrittenKey: JastorObject {
    var x: Int?
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.x, key: "in", outputKey: "out")
            unmappedKeys(\.extras)
        }
    }
}

/// Laws of key paths sharing prefixes, indexes, output keys and kept keys, over seeded random JSON
/// text whose keys are the paths' steps (``KeyPathJSON``): for every input, lenient and strict
/// mapping agree; what a model writes (`jsonData()`, `toDictionary()`, `Codable`) reads back into an
/// equal model with no issue; and a class that keeps or reports the keys it does not map writes
/// back, for an input it reports nothing about, every value the input held, at the same place, and
/// reports every key given twice ("exact, or an issue").
@Suite struct KeyPathOutputLawTests {
    private static let seed: UInt64 = 0x2323_A77A_C023
    private static let count = 2500

    private static let types: [JastorObject.Type] = [
        KeptPaths.self, ReportedPaths.self, KeptWrittenPath.self, KeptWrittenKey.self,
    ]

    @Test(arguments: types.indices)
    func readingThenWritingKeepsEveryValueOrSaysWhy(_ typeIndex: Int) throws {
        let type = Self.types[typeIndex]
        var random = SeededRandom(seed: Self.seed &+ UInt64(typeIndex))
        print("KeyPathOutputLawTests seed \(Self.seed) + \(typeIndex), \(Self.count) inputs, \(type)")
        var failures: [String] = []
        for index in 0..<Self.count {
            let input = KeyPathJSON.object(depth: 4, &random)
            let text = input.description
            var issues: [JastorIssue] = []
            let model = try type.init(jsonString: text, issues: &issues)
            let strictThrows = (try? type.init(validatingJSONString: text)) == nil
            if strictThrows != !issues.isEmpty {
                failures.append("[\(index)] \(text): strict throws \(strictThrows), lenient issues \(issues)")
            }
            let output = try model.jsonData()
            // Jastor's own output reads back, from bytes, a dictionary and Codable, with no issue
            // (a property written under another key than it reads is, by its declaration, not).
            if type != KeptWrittenPath.self, type != KeptWrittenKey.self {
                var back: [JastorIssue] = []
                let fromText = try type.init(json: output, issues: &back)
                let fromDictionary = type.init(dictionary: model.toDictionary(), issues: &back)
                if !back.isEmpty || fromText != model || fromDictionary != model {
                    failures.append(
                        "[\(index)] \(text) → \(String(decoding: output, as: UTF8.self)): read back \(back)")
                }
                let decoded = try JSONDecoder().decode(type, from: JSONEncoder().encode(model))
                if decoded != model { failures.append("[\(index)] \(text): Codable reads back otherwise") }
            }
            // Quiet means exact: every value of the input is written back where it was.
            // `in` is written under `meta.out`, or `out`, by the declaration.
            let written = try JSONSerialization.jsonObject(with: output) as? [String: Any]
            let (rest, renamed) =
                type == KeptWrittenPath.self || type == KeptWrittenKey.self ? input.removing("in") : (input, nil)
            let movedTo = type == KeptWrittenKey.self ? written?["out"] : (written?["meta"] as? [String: Any])?["out"]
            let movedValueHeld = renamed.map { $0.isHeld(by: movedTo) } ?? true
            if issues.isEmpty, !rest.isHeld(by: written) || !movedValueHeld {
                failures.append("[\(index)] \(text) → \(String(decoding: output, as: UTF8.self)), no issue")
            }
            // A key given twice anywhere is read, kept or reported: its earlier value is lost.
            if issues.isEmpty, input.repeatsKeys {
                failures.append("[\(index)] \(text): a key given twice, no issue")
            }
            if failures.count >= 5 { break }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
