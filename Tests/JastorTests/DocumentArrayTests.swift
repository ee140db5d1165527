import Foundation
import Testing

@testable import Jastor

/// A model with arrays of scalars one to four levels deep, and an array of models.
private final class Shapes: JastorObject {
    var flat: [Double] = []
    var rings: [[Double]] = []
    var polygons: [[[Double]]] = []
    var multi: [[[[Double]]]] = []
    var counts: [[Int]] = []
    var maybeRings: [[Double]]?
    var children: [Shapes] = []

    override class var properties: [JastorProperty] {
        register(\.flat, \.rings, \.polygons, \.multi, \.counts, \.maybeRings, \.children)
    }
}

/// Arrays read from bytes through the readers compiled per codec (``DocumentArrayReader``: arrays
/// of a scalar up to three levels deep, a plain `Double` taken from the tape, arrays of models
/// element by element) give the values and issues of the generic walk every other source takes.
@Suite struct DocumentArrayTests {
    @Test func nestedArraysReadTheFixtureAsWritten() throws {
        var issues: [JastorIssue] = []
        let shapes = try Shapes(json: Fixtures.data("document_arrays"), issues: &issues)
        #expect(shapes.flat == [1.5, 0, 0, 3, 2.5])
        #expect(shapes.flat[2].sign == .minus, "-0.0 keeps its sign")
        #expect(shapes.rings == [[1.5], [], [], [2.25, 100, -7]])
        #expect(shapes.polygons == [[[0.1, 0.2], [0.3]], [[]], [[]]])
        #expect(shapes.multi == [[[[1.25], []]], [[]]])
        #expect(shapes.counts == [[1], [3, 4], []])
        #expect(shapes.maybeRings == nil)
        #expect(shapes.children.map(\.rings) == [[[1.5]], []])
        #expect(shapes.children.map(\.polygons) == [[], [[[1]]]])
        #expect(
            issues.map(\.path.description) == [
                "flat[4]", "flat[5]", "flat[7]", "flat[8]", "flat[9]", "flat[10]", "flat[11]", "rings[0][1]",
                "rings[1]", "rings[2]", "rings[3][0]", "rings[3][1]", "polygons[1][0][0]", "polygons[1][1]",
                "polygons[2]", "multi[0][0][1][0]", "multi[1][0][0]", "counts[0][1]", "counts[2][0]",
                "children[1]", "children[2].polygons[0][0][1]",
            ])
        let byPath = Dictionary(issues.map { ($0.path.description, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byPath["rings[1]"]?.description == "rings[1]: expected [Double], found Number 2")
        #expect(byPath["polygons[2]"]?.description == "polygons[2]: expected [[Double]], found String \"no\"")
        #expect(byPath["polygons[1][1]"]?.description == "polygons[1][1]: expected [Double], found Number 4")
        #expect(byPath["multi[1][0][0]"]?.description == "multi[1][0][0]: expected [Double], found Number 5")
        #expect(byPath["flat[4]"]?.kind == .valueOutOfRange, "1e400 is beyond Double's range")
        #expect(byPath["flat[5]"]?.kind == .valueOutOfRange, "1e-400 would read as zero")
        #expect(byPath["flat[7]"]?.kind == .invalidValue)
        #expect(byPath["flat[11]"]?.kind == .typeMismatch || byPath["flat[11]"]?.kind == .valueOutOfRange)
        #expect(byPath["flat[10]"]?.description == "flat[10]: expected Double, found Array")
    }

    @Test func nestedArraysFromBytesAndFromTheDictionaryAgreeOnTheFixture() throws {
        // Without the numbers beyond `Double`'s range, which `JSONSerialization` refuses.
        let text = String(decoding: try Fixtures.data("document_arrays"), as: UTF8.self)
        let withoutRange = text.replacingOccurrences(of: "1e400, 1e-400, ", with: "")
        #expect(withoutRange != text)
        try Self.expectAgreement(on: Data(withoutRange.utf8), label: "fixture")
    }

    /// Random nested arrays, mostly of the declared shape, with wrong types, nulls, empty arrays,
    /// numbers where arrays belong and arrays where numbers belong, at every level.
    @Test(arguments: [UInt64(0xA77A_0001), 0xA77A_0002]) func randomNestedArraysAgree(seed: UInt64) throws {
        print("DocumentArrayTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        for index in 0..<400 {
            let text = Self.randomShapes(&random, nesting: 2)
            try Self.expectAgreement(
                on: Data(text.utf8), label: "seed \(String(seed, radix: 16)), tree \(index): \(text)")
        }
    }

    /// Maps `data` from bytes and from `JSONSerialization`'s dictionary and expects the same
    /// values and the same issues (sorted: a dictionary's members come in no particular order).
    private static func expectAgreement(on data: Data, label: String) throws {
        var bytesIssues: [JastorIssue] = []
        var dictionaryIssues: [JastorIssue] = []
        let fromBytes = try Shapes(json: data, issues: &bytesIssues)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let fromDictionary = Shapes(dictionary: dictionary, issues: &dictionaryIssues)
        #expect(Self.values(of: fromBytes) == Self.values(of: fromDictionary), "\(label)")
        #expect(bytesIssues.map(\.description).sorted() == dictionaryIssues.map(\.description).sorted(), "\(label)")
    }

    /// Every property's value as text, children included, for comparison.
    private static func values(of shapes: Shapes) -> String {
        let own =
            "\(shapes.flat) \(shapes.rings) \(shapes.polygons) \(shapes.multi) \(shapes.counts) "
            + "\(String(describing: shapes.maybeRings))"
        return ([own] + shapes.children.map { values(of: $0) }).joined(separator: " / ")
    }

    // MARK: Random shapes

    /// A `Shapes` object whose arrays are random; `nesting` bounds the children's depth.
    private static func randomShapes(_ random: inout SeededRandom, nesting: Int) -> String {
        var members = [
            "\"flat\": \(array(&random, levels: 1, scalar: double))",
            "\"rings\": \(array(&random, levels: 2, scalar: double))",
            "\"polygons\": \(array(&random, levels: 3, scalar: double))",
            "\"multi\": \(array(&random, levels: 4, scalar: double))",
            "\"counts\": \(array(&random, levels: 2, scalar: integer))",
            "\"maybeRings\": \(Int.random(in: 0..<4, using: &random) == 0 ? "null" : array(&random, levels: 2, scalar: double))",
        ]
        if nesting > 0 {
            let children = (0..<Int.random(in: 0..<3, using: &random)).map { _ in
                Int.random(in: 0..<6, using: &random) == 0
                    ? wrongValue(&random) : randomShapes(&random, nesting: nesting - 1)
            }
            members.append("\"children\": [\(children.joined(separator: ", "))]")
        }
        members.shuffle(using: &random)
        return "{\(members.joined(separator: ", "))}"
    }

    /// An array `levels` deep whose leaves come from `scalar`; one value in six is wrong.
    private static func array(
        _ random: inout SeededRandom, levels: Int, scalar: (inout SeededRandom) -> String
    ) -> String {
        let elements = (0..<Int.random(in: 0..<5, using: &random)).map { _ in
            if Int.random(in: 0..<6, using: &random) == 0 { return wrongValue(&random) }
            return levels > 1 ? array(&random, levels: levels - 1, scalar: scalar) : scalar(&random)
        }
        return "[\(elements.joined(separator: ", "))]"
    }

    /// A number a `Double` reads: mostly with a fraction, sometimes an integer or zero.
    private static func double(_ random: inout SeededRandom) -> String {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return String(Int.random(in: -1000...1000, using: &random))
        case 1: return "0.0"
        case 2: return "9007199254740993"
        default: return Double.random(in: -200...200, using: &random).description
        }
    }

    /// A number an `Int` reads, or one it refuses.
    private static func integer(_ random: inout SeededRandom) -> String {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return "2.5"
        case 1: return "18446744073709551615"
        default: return String(Int.random(in: -100_000...100_000, using: &random))
        }
    }

    /// A value of the wrong kind somewhere: `null`, a Boolean, a string, an object, a number or an array.
    private static func wrongValue(_ random: inout SeededRandom) -> String {
        ["null", "true", "\"1.25\"", "\"x\"", "{\"a\": 1}", "7", "1.5", "[]", "[[1.5]]", "[\"y\"]"].randomElement(
            using: &random) ?? "null"
    }
}
