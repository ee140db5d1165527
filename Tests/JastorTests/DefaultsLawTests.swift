import Foundation
import Jastor
import Testing

/// A model whose defaults are not empty, and whose nested model's are.
final class A22Defaulted: JastorObject {
    var note: String? = "default"
    var tags: [String] = ["x"]
    var optionalTags: [String]? = []
    var counts: [String: Int]? = ["a": 1]
    var empty: [Int]?
    var child: A22Defaulted? = nil
    var level: Int? = 7
    var flag: Bool? = true
    var text = "text"

    override class var properties: [JastorProperty] {
        register(\.note, \.tags, \.optionalTags, \.counts, \.empty, \.child, \.level, \.flag, \.text)
    }
}

/// `nil`, empty and missing stay apart through every output, whatever the property's default.
@Suite struct DefaultsLawTests {
    static func same(_ a: A22Defaulted?, _ b: A22Defaulted?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.note == b.note && a.tags == b.tags && a.optionalTags == b.optionalTags && a.counts == b.counts
            && a.empty == b.empty && a.level == b.level && a.flag == b.flag && a.text == b.text
            && same(a.child, b.child)
    }

    @Test(arguments: [UInt64(0xA22_A001), 0xA22_A002]) func emptyNilAndDefaultStayApart(seed: UInt64) throws {
        var generator = A22Generator(seed: seed)
        func makeModel(depth: Int) -> A22Defaulted {
            let model = A22Defaulted()
            model.note = generator.pick([nil, "", "default", "x"])
            model.tags = generator.pick([[], ["x"], [""]])
            model.optionalTags = generator.pick([nil, [], ["x"]])
            model.counts = generator.pick([nil, [:], ["a": 1]])
            model.empty = generator.pick([nil, [], [0]])
            model.level = generator.pick([nil, 0, 7])
            model.flag = generator.pick([nil, false, true])
            model.text = generator.pick(["", "text"])
            if depth > 0, generator.chance(50) { model.child = makeModel(depth: depth - 1) }
            return model
        }
        for index in 0..<200 {
            let original = makeModel(depth: 2)
            var issues: [JastorIssue] = []
            let dictionary = original.toDictionary(issues: &issues)
            let copies: [(String, A22Defaulted)] = [
                ("toDictionary", A22Defaulted(dictionary: dictionary)),
                ("jsonData", try A22Defaulted(json: try original.jsonData(options: .prettyPrinted))),
                ("archive", try A22Defaulted.unarchive(from: try original.archivedData(format: .json))),
                ("plist archive", try A22Defaulted.unarchive(from: try original.archivedData())),
                ("JSONEncoder", try JSONDecoder().decode(A22Defaulted.self, from: try JSONEncoder().encode(original))),
            ]
            for (output, copy) in copies where !Self.same(original, copy) || copy != original {
                Issue.record("seed \(seed), model \(index): \(output) (issues \(issues))\n\(original)\n\(copy)")
                return
            }
        }
    }
}
