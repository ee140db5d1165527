import Foundation
import Jastor
import Testing

/// Numbers that came back otherwise than they went in without an issue, or with a wrong one: each
/// test states what should hold.
@Suite struct NumberAttackTests {
    final class Sample: JastorObject {
        var single: Float = 0
        var singles: [Float] = []

        override class var properties: [JastorProperty] {
            [.init("single", \Sample.single), .init("singles", \Sample.singles)]
        }
    }

    /// The `Float` nearest 0.1 is the `Double` 0.10000000149011612, but a `Float` property writes it
    /// as the `Double` 0.1: a `Double` handed over as 0.10000000149011612 (a dictionary, an update,
    /// `Codable`) comes back as another `Double`, so it is reported, as the same literal read from
    /// bytes is.
    @Test func aDoubleAFloatHoldsButWritesAsAnotherDoubleIsReported() throws {
        let expected = [
            "single: expected Float written back as read, found Number 0.10000000149011612 "
                + "(kept as the nearest Float, written 0.1)"
        ]
        var fromBytes: [JastorIssue] = []
        _ = try Sample(json: Data(#"{"single": 0.10000000149011612}"#.utf8), issues: &fromBytes)
        #expect(fromBytes.map(\.description) == expected)

        var fromDictionary: [JastorIssue] = []
        let model = Sample(dictionary: ["single": 0.10000000149011612], issues: &fromDictionary)
        #expect(model.single == Float(0.1))
        #expect(model.toDictionary()["single"] as? Double == 0.1)
        #expect(fromDictionary.map(\.description) == expected)

        var fromUpdate: [JastorIssue] = []
        Sample().update(with: ["single": 0.10000000149011612], issues: &fromUpdate)
        #expect(fromUpdate.map(\.description) == expected)

        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(Sample.self, from: Data(#"{"single": 0.10000000149011612}"#.utf8))
        }
        // What a `Float` writes back reads quietly, from every source.
        var quiet: [JastorIssue] = []
        _ = Sample(dictionary: ["single": 0.1, "singles": [0.5, 16_777_216.0]], issues: &quiet)
        #expect(quiet.isEmpty, "\(quiet)")
    }

    /// 2^30 is a `Float`, but a `Float` is written as its shortest text, `1.0737418e+09`: the
    /// integer 1073741824 comes back as 1073741800 (in `toDictionary()` and JSON text), so it is
    /// reported, as `1073741824.0` is.
    @Test func anIntegerAFloatHoldsButWritesAsAnotherIntegerIsReported() throws {
        let expected = [
            "single: expected Float written back as read, found Number 1073741824 "
                + "(kept as the nearest Float, written 1073741800)",
            "singles[0]: expected Float written back as read, found Number 1073741824 "
                + "(kept as the nearest Float, written 1073741800)",
        ]
        var fromBytes: [JastorIssue] = []
        let model = try Sample(json: Data(#"{"single": 1073741824, "singles": [1073741824]}"#.utf8), issues: &fromBytes)
        #expect(model.single == 1_073_741_824)
        #expect(model.toDictionary()["single"] as? Double == 1_073_741_800)
        #expect(fromBytes.map(\.description) == expected)

        var fromDictionary: [JastorIssue] = []
        _ = Sample(dictionary: ["single": 1_073_741_824, "singles": [1_073_741_824]], issues: &fromDictionary)
        #expect(fromDictionary.map(\.description) == expected)

        var withFraction: [JastorIssue] = []
        _ = try Sample(json: Data(#"{"single": 1073741824.0}"#.utf8), issues: &withFraction)
        #expect(withFraction.count == 1)
        // Its shortest text, and integers up to 2^24, are quiet.
        var quiet: [JastorIssue] = []
        _ = try Sample(json: Data(#"{"single": 1073741800, "singles": [16777216, 10000000000]}"#.utf8), issues: &quiet)
        _ = Sample(dictionary: ["single": 16_777_215, "singles": [1_073_741_800, -16_777_216]], issues: &quiet)
        #expect(quiet.isEmpty, "\(quiet)")
        // An integer no `Float` is is still refused, even its 9-digit text (an integer is a value).
        var refused: [JastorIssue] = []
        _ = try Sample(json: Data(#"{"single": 16777217, "singles": [1073741820]}"#.utf8), issues: &refused)
        #expect(
            refused.map(\.description) == [
                "single: expected Float, found Number 16777217", "singles[0]: expected Float, found Number 1073741820",
            ])
    }

    final class Measure: JastorObject {
        var ratio = 0.0
        var ratios: [Double] = []

        override class var properties: [JastorProperty] {
            [.init("ratio", \Measure.ratio), .init("ratios", \Measure.ratios)]
        }
    }

    /// An integer literal a `Double` is exactly is quiet (2^70 written out in full, as MappingRules
    /// says); the same number written with a fraction or an exponent is just as exact, and was
    /// reported as a rewrite (`found Number 1180591620717411303424.0 (kept as the nearest Double,
    /// written 1.1805916207174113e+21)`), which `Codable`, handed the integer, did not report.
    @Test func anExactIntegerWithAFractionOrExponentIsQuietAsItsIntegerFormIs() throws {
        for literal in ["1180591620717411303424.0", "1.180591620717411303424e21", "-8.724623390834942720e+17"] {
            let json = Data("{\"ratio\": \(literal), \"ratios\": [\(literal)]}".utf8)
            var issues: [JastorIssue] = []
            let model = try Measure(json: json, issues: &issues)
            #expect(issues.isEmpty, "\(literal): \(issues)")
            #expect(model.ratio == Double(literal))
            #expect(try JSONDecoder().decode(Measure.self, from: json) == model)
        }
        // Not exact, still reported; an integer handed over that the Double is not, still refused.
        var issues: [JastorIssue] = []
        _ = try Measure(json: Data(#"{"ratio": 1180591620717411303423.0}"#.utf8), issues: &issues)
        #expect(issues.count == 1)
        var integerIssues: [JastorIssue] = []
        _ = Measure(dictionary: ["ratio": -872_462_339_083_494_270], issues: &integerIssues)
        #expect(integerIssues.map(\.description) == ["ratio: expected Double, found Number -872462339083494270"])
    }

    /// A literal that is a `Double`'s exact value (`%.60g`, `Decimal(0.1)`, Java's `BigDecimal`) is
    /// that `Double` and nothing else, as its 17-digit text is: 2^-30 written in full,
    /// `9.31322574615478515625e-10`, comes back exactly through `toDictionary()`, yet was reported
    /// as a rewrite (written `9.313225746154785e-10`), which breaks strict mode for it.
    @Test(arguments: [
        "9.31322574615478515625e-10", "0.1000000000000000055511151231257827021181583404541015625",
        "-65.6136169999999765423126518726348876953125",
        // 5e-324, the least subnormal, in full.
        [
            "4.9406564584124654417656879286822137236505980261432476442558568250067550727020875186529983636163",
            "599237979656469544571773092665671035593979639877479601078187812630071319031140452784581716784898",
            "210368871863605699873072305000638740915356498438731247339727316961514003171538539807412623856559",
            "117102665855668676818703956031062493194527159149245532930545654440112748012970999954193198940908",
            "041656332452475714786901472678015935523861155013480352649347201937902681071074917033322268447533",
            "357208324319360923828934583680601060115061698097530783422773183292479049825247307763759272478746",
            "560847782037344696995336470179726777175851256605511991315048911014510378627381672509558373897335",
            "98993664809941164205702637090279242767544565229087538682506419718265533447265625e-324",
        ].joined(),
    ])
    func aLiteralThatIsExactlyItsDoubleIsQuiet(_ literal: String) throws {
        let json = Data("{\"ratio\": \(literal), \"ratios\": [\(literal)]}".utf8)
        var issues: [JastorIssue] = []
        let model = try Measure(json: json, issues: &issues)
        #expect(issues.isEmpty, "\(issues.map(\.description))")
        #expect(model.ratio == Double(literal))
        #expect(throws: Never.self) { _ = try Measure(validatingJSON: json) }
        // Its last digit moved, it is not that value.
        let mantissa = literal.prefix { $0 != "e" }
        let off = mantissa.dropLast() + (mantissa.last == "1" ? "2" : "1") + literal.dropFirst(mantissa.count)
        var offIssues: [JastorIssue] = []
        _ = try Measure(json: Data("{\"ratio\": \(off)}".utf8), issues: &offIssues)
        #expect(offIssues.count == 1, "\(off)")
    }
}
