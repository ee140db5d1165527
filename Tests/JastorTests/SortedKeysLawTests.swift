import Foundation
import Jastor
import Testing

/// `jsonData(options: .sortedKeys)` is byte for byte `JSONSerialization`'s sorted text of
/// `toDictionary()`, for keys of digits, cases, accents, combining marks, emoji and controls.
@Suite struct SortedKeysLawTests {
    static let seeds: [UInt64] = [0xA22_9001, 0xA22_9002, 0xA22_9003]

    @Test(arguments: seeds) func sortedTextIsFoundationsForHostileKeys(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let alphabet: [String] = [
            "a", "A", "b", "B", "z", "Z", "0", "1", "9", "10", "01", "é", "e\u{301}", "É", "ß", "ss", "ı", "İ", "😀",
            "$",
            "_", "-", ".", " ", "\u{0}", "\u{1}", "\u{7F}", "Ω", "\u{2126}", "ǅ", "ﬀ", "ｆ", "²", "½", "٣", "\u{FEFF}",
            "\u{200B}", "k", "\u{212A}",
        ]
        for index in 0..<200 {
            let model = A22Wide()
            for _ in 0..<Int.random(in: 2..<8, using: &random) {
                let key = (0..<Int.random(in: 0..<4, using: &random)).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                }.joined()
                model.map[key] = 1
                model.extras["x" + key] = key
            }
            let ours = try model.jsonData(options: .sortedKeys)
            let foundation = try JSONSerialization.data(withJSONObject: model.toDictionary(), options: .sortedKeys)
            if ours != foundation {
                let keys: [String] = model.map.keys.sorted().map(\.debugDescription)
                let oursText = String(String(decoding: ours, as: UTF8.self).suffix(300))
                let theirs = String(String(decoding: foundation, as: UTF8.self).suffix(300))
                Issue.record(
                    "seed \(seed), model \(index): sorted text differs for keys \(keys)\n\(oursText)\n\(theirs)")
                return
            }
            for options in [JastorJSONOptions.sortedKeys, [.sortedKeys, .prettyPrinted]] {
                var issues: [JastorIssue] = []
                let copy = try A22Wide(json: try model.jsonData(options: options), issues: &issues)
                if !issues.isEmpty || !A22Exact.differences(model, copy).isEmpty {
                    Issue.record("seed \(seed), model \(index): \(issues) \(A22Exact.differences(model, copy))")
                    return
                }
            }
        }
    }
}
