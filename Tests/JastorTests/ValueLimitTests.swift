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

    /// An untyped value holding a number no Foundation number holds, which is reported, counts its
    /// values once, as any other untyped value does: the values after it still fit.
    @Test func anUntypedValueWithAReportedNumberCountsItsValuesOnce() throws {
        let inexact = "0.12345678901234567890123456789012345678901"
        let json = Data(#"{"anything": [\#(inexact), 1], "strings": ["a"]}"#.utf8)  // 1 + 2 + 1 + 1 values
        var issues: [JastorIssue] = []
        let model = try JastorLimits.withCurrent(JastorLimits(maximumValueCount: 5)) {
            try Everything(json: json, issues: &issues)
        }
        #expect(model.anything.count == 2 && model.strings == ["a"])
        #expect(
            issues.map(\.description) == [
                "anything[0]: expected a number a Double or Decimal holds exactly (kept as the nearest Double, "
                    + "or as text beyond it), found Number \(inexact)"
            ])
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

    // MARK: Output

    /// `levels` models, each holding the one below as both of its children: `levels` objects,
    /// 2^levels - 1 places to write.
    private static func sharedCategories(levels: Int) -> ProductCategory {
        var node = ProductCategory()
        node.name = "leaf"
        for level in 1..<levels {
            let up = ProductCategory()
            up.name = "n\(level)"
            up.children = [node, node]
            node = up
        }
        return node
    }

    private static func outputMessage(_ limit: Int) -> String {
        "expected at most \(limit) values in one run (JastorLimits.maximumValueCount), found more, "
            + "counting a model or container at every place it is written"
    }

    /// Output counts as reading does: each property, element and member written; the one past
    /// the limit is the issue, for `toDictionary(issues:)` and `jsonData()` alike.
    @Test func everyValueWrittenCounts() throws {
        let top = Self.sharedCategories(levels: 2)  // name, children, 2 elements, 2 names: 6 values
        let fits = JastorLimits.withCurrent(JastorLimits(maximumValueCount: 6)) {
            var issues: [JastorIssue] = []
            _ = top.toDictionary(issues: &issues)
            return issues
        }
        #expect(fits.isEmpty)
        var issues: [JastorIssue] = []
        _ = JastorLimits.withCurrent(JastorLimits(maximumValueCount: 5)) { top.toDictionary(issues: &issues) }
        #expect(issues.map(\.description) == ["children[1].name: \(Self.outputMessage(5))"])
        #expect(issues.map(\.kind) == [.tooManyValues])
        let error = try #require(throws: JastorError.self) {
            try JastorLimits.withCurrent(JastorLimits(maximumValueCount: 5)) { try top.jsonData() }
        }
        #expect(error.issues == issues)
    }

    /// A model graph built in code that shares models (2^40 places through 40 models) is written
    /// in time proportional to the limit, with the issue, by `toDictionary`, `jsonData()` and
    /// `Codable`; past the limit models and containers are written as `null`.
    @Test func fortyLevelsOfSharedModelsAreWrittenWithTheIssue() throws {
        let root = Self.sharedCategories(levels: 40)
        try JastorLimits.withCurrent(JastorLimits(maximumValueCount: 10_000)) {
            var issues: [JastorIssue] = []
            let dictionary = root.toDictionary(issues: &issues)
            #expect(issues.map(\.kind) == [.tooManyValues])
            #expect(issues.first?.description.hasSuffix(": \(Self.outputMessage(10_000))") == true)
            #expect(dictionary["name"] as? String == "n39")
            // Compared as sorted JSON text: `NSDictionary`'s `==` on Linux takes seconds here.
            let sorted: JSONSerialization.WritingOptions = [.sortedKeys]
            #expect(
                try JSONSerialization.data(withJSONObject: root.toDictionary(), options: sorted)
                    == JSONSerialization.data(withJSONObject: dictionary, options: sorted))
            let error = try #require(throws: JastorError.self) { try root.jsonData() }
            #expect(error.issues == issues)
            #expect(throws: EncodingError.self) { try JSONEncoder().encode(root) }
        }
    }

    /// Untyped values assigned in code that share containers are counted the same way.
    @Test func sharedUntypedContainersAreWrittenWithTheIssue() throws {
        // Foundation arrays: a Swift array's cast to a model bridges every level at once.
        var shared = NSArray(array: [1])
        for _ in 0..<40 { shared = NSArray(array: [shared, shared]) }
        let model = Everything()
        model.anything = [shared]
        var issues: [JastorIssue] = []
        _ = JastorLimits.withCurrent(JastorLimits(maximumValueCount: 1_000)) { model.toDictionary(issues: &issues) }
        #expect(issues.map(\.kind) == [.tooManyValues])
        #expect(issues.first?.path.components.first == .key("anything"))
    }

    /// A dictionary whose keys are not strings, kept as it is, that shares dictionaries (2^40 places
    /// through 40 of them) is counted as it is walked one level at a time, and written as `null`
    /// with the issue past the limit: `toDictionary(issues:)` handed it whole to
    /// `JSONSerialization`, which bridged it to Foundation place by place.
    @Test func sharedDictionariesWithOtherKeysAreWrittenWithTheIssue() throws {
        var shared: [Int: Any] = [0: 1]
        for _ in 0..<40 { shared = [0: shared, 1: shared] }
        let model = Everything()
        model.anything = [shared]
        try JastorLimits.withCurrent(JastorLimits(maximumValueCount: 1_000)) {
            var issues: [JastorIssue] = []
            let dictionary = model.toDictionary(issues: &issues)
            #expect(issues.map(\.kind) == [.tooManyValues])
            #expect(issues.first?.path.components.prefix(2) == [.key("anything"), .index(0)])
            let written = try #require(dictionary["anything"] as? [Any])
            let cutToNull = written.count == 1 && type(of: written[0]) is NSNull.Type
            #expect(cutToNull)
            let error = try #require(throws: JastorError.self) { try model.jsonData() }
            #expect(error.issues == issues)
        }
    }

    /// Archives write a shared model once (``ArchiveIdentities``): forty levels each holding the
    /// one below twice, 2^40 places, are about 200 values, which read back shared under the limit.
    @Test func fortyLevelsOfSharedModelsAreArchivedOnceEach() throws {
        let root = Self.sharedCategories(levels: 40)
        for format in [JastorArchiveFormat.binaryPropertyList, .json] {
            try JastorLimits.withCurrent(JastorLimits(maximumValueCount: 1_000)) {
                let copy = try ProductCategory.unarchive(from: try root.archivedData(format: format))
                #expect(copy.children[0] === copy.children[1] && copy.name == "n39", "\(format)")
            }
        }
    }

    /// An archive written under a limit reads back under it.
    ///
    /// The writer counts the envelope and class markers as the property-list reader counts them.
    /// Limits are drawn around each graph's size, so that both answers occur.
    @Test func anArchiveWrittenReadsBackUnderTheSameLimit() {
        let seed: UInt64 = 0x5EED_0D13
        print("anArchiveWrittenReadsBackUnderTheSameLimit seed \(seed)")
        var random = SeededRandom(seed: seed)
        var written = 0
        var refused = 0
        for round in 0..<300 {
            let levels = Int.random(in: 1...8, using: &random)
            let limit = Int.random(in: 1...(1 << (levels + 2)), using: &random)
            let format: JastorArchiveFormat = Bool.random(using: &random) ? .binaryPropertyList : .json
            let root = Self.sharedCategories(levels: levels)
            let limits = JastorLimits(maximumValueCount: limit)
            let data: Data
            do {
                data = try JastorLimits.withCurrent(limits) { try root.archivedData(format: format) }
            } catch {
                #expect(
                    (error as? JastorError)?.issues.map(\.kind) == [.tooManyValues], "seed \(seed), round \(round)")
                refused += 1
                continue
            }
            written += 1
            do {
                let copy = try JastorLimits.withCurrent(limits) { try ProductCategory.unarchive(from: data) }
                #expect(copy == root, "seed \(seed), round \(round)")
            } catch {
                Issue.record("seed \(seed), round \(round): \(levels) levels, limit \(limit), \(format): \(error)")
            }
        }
        #expect(written > 50 && refused > 50, "\(written) written, \(refused) refused")
    }

    /// The property-list writer counts exactly as its reader: under every limit, an archive is
    /// written if and only if the reader reads it back under that limit (the JSON archive's reader
    /// counts no more than the property-list reader, so what is written reads back).
    @Test func archivesAreRefusedExactlyWhereTheirReaderRefusesThem() throws {
        for size in 1...4 {
            // Shared models, and subclasses whose `$class` markers count as values too.
            let kennel = Kennel()
            let puppy = Puppy()
            kennel.resident = puppy
            kennel.residents = Array(repeating: Dog(), count: size) + [puppy, Animal()]
            kennel.byName = ["rex": Dog()]
            for format in [JastorArchiveFormat.binaryPropertyList, .json] {
                let unlimited = try kennel.archivedData(format: format)
                var written = 0
                for limit in 1...(20 * size + 40) {
                    let limits = JastorLimits(maximumValueCount: limit)
                    let writes =
                        (try? JastorLimits.withCurrent(limits) { try kennel.archivedData(format: format) }) != nil
                    let reads = (try? JastorLimits.withCurrent(limits) { try Kennel.unarchive(from: unlimited) }) != nil
                    if writes { #expect(reads, "size \(size), limit \(limit), \(format)") }
                    if format == .binaryPropertyList { #expect(writes == reads, "size \(size), limit \(limit)") }
                    written += writes ? 1 : 0
                }
                #expect(written > 0, "size \(size), \(format): never written")
            }
        }
    }

    /// Equality reads a model's own values within the limit: models built in code whose own values
    /// pass it are equal only to themselves (the values past it were not compared), in time
    /// proportional to the limit; below it, equal values are equal.
    @Test func modelsWhoseOwnValuesPassTheLimitAreEqualOnlyToThemselves() {
        func sharing(levels: Int) -> Everything {
            var shared = NSArray(array: [1])
            for _ in 0..<levels { shared = NSArray(array: [shared, shared]) }
            let model = Everything()
            model.anything = [shared]
            return model
        }
        JastorLimits.withCurrent(JastorLimits(maximumValueCount: 1_000)) {
            let past = sharing(levels: 40)
            #expect(past == past)
            #expect(past != sharing(levels: 40))
            #expect(sharing(levels: 5) == sharing(levels: 5))
            #expect(sharing(levels: 5) != sharing(levels: 6))
        }
    }

    /// `description` stops at the limit too, and says where values were left out.
    @Test func aDescriptionPastTheLimitSaysValuesWereLeftOut() {
        let root = Self.sharedCategories(levels: 40)
        let text = JastorLimits.withCurrent(JastorLimits(maximumValueCount: 1_000)) { root.description }
        #expect(text.hasPrefix("ProductCategory(\n  name: \"n39\","))
        #expect(text.contains("ValuesLeftOut()"))
        #expect(!Self.sharedCategories(levels: 3).description.contains("ValuesLeftOut"))
    }

    private static func count(_ category: ProductCategory) -> Int {
        category.children.reduce(1) { $0 + count($1) }
    }
}
