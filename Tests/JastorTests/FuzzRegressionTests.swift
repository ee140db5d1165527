import Foundation
import Jastor
import Testing

/// Inputs the fuzzer (`bash .ci/fuzz/run`) broke an invariant with, kept in `Fixtures/fuzz/`.
///
/// Every file there goes through every entry point the fuzzer feeds; each problem it found has a
/// test of its own below.
@Suite struct FuzzRegressionTests {
    static let folder = Fixtures.folder.appendingPathComponent("fuzz")
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    @Test func theFixturesAreThere() {
        #expect(Self.names.count >= 3)
    }

    @Test(arguments: names)
    func everyEntryPointGivesAModelOrAJastorError(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        for attempt in [
            { _ = try Everything(json: data) }, { _ = try Everything(validatingJSON: data) },
            { _ = try SearchResponse(json: data) }, { _ = try [Product](json: data) },
            { _ = try Everything.unarchive(from: data) }, { _ = try SearchResponse.unarchive(from: data) },
        ] as [() throws -> Void] {
            do {
                try attempt()
            } catch {
                #expect(error is JastorError, "\(name): \(type(of: error)) \(error)")
            }
        }
    }

    /// Untyped numbers equal their copies from archives (found by the fuzzer).
    ///
    /// `JSONEncoder` writes the double `12.0` as `12`, which reads back as an integer, so an
    /// untyped value did not equal its copy from a JSON archive. Numbers now compare by value, as
    /// JSON has only one kind of number.
    @Test func untypedNumbersEqualTheirCopiesFromEitherArchive() throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("integral_doubles_in_untyped_values.json"))
        let model = try Everything(validatingJSON: data)
        #expect(model.metadata["twelve"] as? Double == 12)
        for format in [JastorArchiveFormat.json, .binaryPropertyList] {
            let copy = try Everything.unarchive(from: try model.archivedData(format: format))
            #expect(copy == model, "\(format)")
            #expect(copy.hashValue == model.hashValue, "\(format)")
        }
        #expect(
            Everything(dictionary: ["metadata": ["n": 12]]) == Everything(dictionary: ["metadata": ["n": 12.0]]))
        #expect(
            Everything(dictionary: ["metadata": ["n": 12]]) != Everything(dictionary: ["metadata": ["n": 12.5]]))
        #expect(
            Everything(dictionary: ["metadata": ["n": UInt64.max]])
                != Everything(dictionary: ["metadata": ["n": Double(UInt64.max)]]))
    }

    /// A property-list archive holding a value JSON has no room for is foreign (found by the fuzzer).
    ///
    /// A mutated binary property list put `Data` inside an untyped `[Any]`; the model read back,
    /// but its `toDictionary()` was not JSON. Jastor writes only JSON values, so such an archive
    /// was not written by it.
    @Test(
        arguments: [Data([1, 2, 3]), Date(timeIntervalSince1970: 0), Double.nan, -Double.infinity] as [any Sendable])
    func propertyListArchivesHoldOnlyJSONValues(foreign: any Sendable) throws {
        let archive = try Everything(dictionary: ["anything": [1, 2]]).archivedData(format: .binaryPropertyList)
        var envelope = try #require(
            try PropertyListSerialization.propertyList(from: archive, format: nil) as? [String: Any])
        envelope["root"] = ["anything": [1, foreign], "string": "kept"]
        let crafted = try PropertyListSerialization.data(fromPropertyList: envelope, format: .binary, options: 0)
        let error = try #require(throws: JastorError.self) { try Everything.unarchive(from: crafted) }
        #expect(error.issues.map(\.kind) == [.unreadableArchive])
        #expect(error.description.hasPrefix("expected a complete Jastor archive, found damaged data ("))
        #expect(
            error.description.contains("which archives do not hold")
                || error.description.contains("which archives write as text"))
        envelope["root"] = ["anything": [1, 2.5], "string": "kept"]
        let clean = try PropertyListSerialization.data(fromPropertyList: envelope, format: .binary, options: 0)
        #expect(try Everything.unarchive(from: clean).anything.count == 2)
    }

    /// A binary property list holding a set is refused, never handed to Foundation (found by the
    /// fuzzer: `PropertyListSerialization` on Linux crashed on it, inside its `NSSet` bridging).
    @Test func propertyListArchivesWithASetAreRefusedUnread() throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("plist_archive_with_a_set.bplist"))
        let error = try #require(throws: JastorError.self) { try Everything.unarchive(from: data) }
        #expect(
            error.description.hasPrefix("expected a complete Jastor archive, found damaged data (an object of kind"))
        #expect(error.description.hasSuffix("which archives do not hold)"))
        var truncatedTable = data
        truncatedTable.replaceSubrange(data.count - 8..<data.count, with: [0, 0, 0, 0, 0, 0, 0xFF, 0xFF])
        #expect(
            try #require(throws: JastorError.self) { try Everything.unarchive(from: truncatedTable) }.description
                .hasPrefix("expected a complete Jastor archive, found damaged data ("))
    }
}
