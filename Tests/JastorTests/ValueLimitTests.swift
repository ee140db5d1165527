import Foundation
import Jastor
import Testing

/// One run reads at most `JastorLimits.maximumValueCount` values, so input that shares containers
/// (2^40 paths through 40 small arrays) stops with an issue instead of being walked path by path.
@Suite struct ValueLimitTests {
    private static let defaultMessage =
        "expected at most 10000000 values in one run (JastorLimits.maximumValueCount), found more"

    // MARK: Counting

    /// Each property, element and member read counts; the one past the limit is the issue.
    @Test func everyValueReadCounts() throws {
        let json: [String: Any] = ["string": "s", "strings": ["a", "b", "c"]]
        let fits = try JastorLimits.withCurrent(JastorLimits(maximumValueCount: 5)) {
            try Everything(validating: json)
        }
        #expect(fits.strings == ["a", "b", "c"])
        var issues: [JastorIssue] = []
        let cut = JastorLimits.withCurrent(JastorLimits(maximumValueCount: 4)) {
            Everything(dictionary: json, issues: &issues)
        }
        #expect(
            issues.map(\.description) == [
                "strings[2]: expected at most 4 values in one run (JastorLimits.maximumValueCount), found more"
            ])
        #expect(issues.first?.kind == .tooManyValues)
        #expect(cut.strings == ["a", "b"], "lenient mapping keeps what it read")
        #expect(JastorLimits.current == JastorLimits(), "the limit applies to its scope only")
    }

    @Test func untypedValuesCountEveryNestedValue() throws {
        let json: [String: Any] = ["anything": [[1, 2], ["three": 3]]]  // 1 + 2 + 2 + 1 values
        let limits = JastorLimits(maximumValueCount: 6)
        let kept = try JastorLimits.withCurrent(limits) { try Everything(validating: json) }
        #expect(kept.anything.count == 2)
        let error = try #require(throws: JastorError.self) {
            try JastorLimits.withCurrent(JastorLimits(maximumValueCount: 5)) { try Everything(validating: json) }
        }
        #expect(
            error.description
                == "anything: expected at most 5 values in one run (JastorLimits.maximumValueCount), found more")
        let fromBytes = try #require(throws: JastorError.self) {
            try JastorLimits.withCurrent(JastorLimits(maximumValueCount: 5)) {
                try Everything(validatingJSON: Data(#"{"anything": [[1, 2], {"three": 3}]}"#.utf8))
            }
        }
        #expect(fromBytes == error)
    }

    // MARK: Shared containers in a property list

    /// `A_i = [A_{i-1}, A_{i-1}]`, `levels` deep, under `Everything.anything` (`[Any]`).
    private func sharedArrays(levels: Int) -> Data {
        var list = PropertyListBuilder()
        var level = list.integer(1)
        for _ in 0..<levels { level = list.array([level, level]) }
        let root = list.dictionary(["anything": level])
        let top = list.archive(of: Everything.self, root: root)
        return list.data(top: top)
    }

    /// `N_i = {"name": "n", "children": [N_{i-1}, N_{i-1}]}`, `levels` deep: `[ProductCategory]`.
    private func sharedModels(levels: Int) -> Data {
        var list = PropertyListBuilder()
        var level = list.dictionary(["name": list.string("leaf")])
        for _ in 0..<levels {
            let children = list.array([level, level])
            level = list.dictionary(["name": list.string("n"), "children": children])
        }
        let top = list.archive(of: ProductCategory.self, root: level)
        return list.data(top: top)
    }

    @Test func fortyLevelsOfSharedArraysUnderAnUntypedArray() throws {
        let error = try #require(throws: JastorError.self) { try Everything.unarchive(from: sharedArrays(levels: 40)) }
        #expect(error.issues.map(\.kind) == [.tooManyValues])
        #expect(
            error.description
                == "\(Self.defaultMessage), counting shared objects at every place they are referenced")
    }

    @Test func fortyLevelsOfSharedArraysOfModels() throws {
        let error = try #require(throws: JastorError.self) {
            try ProductCategory.unarchive(from: sharedModels(levels: 40))
        }
        #expect(error.issues.map(\.kind) == [.tooManyValues])
    }

    /// Sharing within the limit reads, as the full tree it describes.
    @Test func sharedReferencesWithinTheLimitRead() throws {
        let limits = JastorLimits(maximumValueCount: 3_000)
        let untyped = try JastorLimits.withCurrent(limits) {
            try Everything.unarchive(from: sharedArrays(levels: 10))  // 2^11 - 1 values in the list
        }
        func leaves(_ value: Any) -> Int { (value as? [Any])?.reduce(0) { $0 + leaves($1) } ?? 1 }
        #expect(leaves(untyped.anything) == 1_024)
        let models = try JastorLimits.withCurrent(limits) {
            try ProductCategory.unarchive(from: sharedModels(levels: 8))
        }
        #expect(Self.count(models) == 511)
        #expect(throws: JastorError.self) {
            try JastorLimits.withCurrent(limits) { try Everything.unarchive(from: sharedArrays(levels: 11)) }
        }
    }

    // MARK: Shared containers in a dictionary

    /// With the default limit this takes about 15 s in a debug build (10 million Foundation
    /// values classified), about 1 s in a release build; the test sets a smaller one.
    @Test func fortyLevelsOfSharedArraysThroughInitDictionary() {
        var shared: [Any] = [1]
        for _ in 0..<40 { shared = [shared, shared] }
        var issues: [JastorIssue] = []
        let model = JastorLimits.withCurrent(JastorLimits(maximumValueCount: 100_000)) {
            Everything(dictionary: ["anything": shared, "string": "kept"], issues: &issues)
        }
        #expect(
            issues.map(\.description) == [
                "anything: expected at most 100000 values in one run (JastorLimits.maximumValueCount), found more"
            ])
        #expect(model.anything.isEmpty)
        #expect(model.string == "kept")
    }

    /// Models are built as they are read, so a smaller limit bounds how many are built.
    @Test func fortyLevelsOfSharedModelsThroughInitDictionary() throws {
        var node: [String: Any] = ["name": "leaf"]
        for _ in 0..<40 { node = ["name": "n", "children": [node, node]] }
        let limits = JastorLimits(maximumValueCount: 30_000)
        let error = try #require(throws: JastorError.self) {
            try JastorLimits.withCurrent(limits) { try ProductCategory(validating: node) }
        }
        #expect(error.issues.map(\.kind) == [.tooManyValues])
        var issues: [JastorIssue] = []
        let tree = JastorLimits.withCurrent(limits) { ProductCategory(dictionary: node, issues: &issues) }
        #expect(issues.count == 1)
        // A model takes two values (its element and name) or three (and children): 10 000 to 15 000.
        #expect((10_000...15_000).contains(Self.count(tree)))
    }

    private static func count(_ category: ProductCategory) -> Int {
        category.children.reduce(1) { $0 + count($1) }
    }
}
