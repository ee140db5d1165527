import Foundation
import Jastor
import Synchronization
import Testing

/// Damaged, foreign and hostile archive bytes: each is a `JastorError` saying what is wrong, never a crash.
@Suite struct DamagedArchiveTests {
    static let formats: [JastorArchiveFormat] = [.binaryPropertyList, .json]

    private func archive(format: JastorArchiveFormat = .binaryPropertyList) throws -> Data {
        try SearchResponse(dictionary: try Fixtures.dictionary("search_response")).archivedData(format: format)
    }

    private func error(reading bytes: Data) throws -> JastorError {
        let folder = try TemporaryFolder()
        let file = folder.file("damaged.archive")
        try bytes.write(to: file)
        let error = try #require(throws: JastorError.self) { try SearchResponse.unarchive(from: file) }
        #expect(error.file == file)
        #expect(error.description.hasPrefix(file.path + ": "))
        return error
    }

    @Test func emptyFile() throws {
        #expect(
            try error(reading: Data()).issues.first?.description == "expected a Jastor archive, found an empty file")
    }

    @Test func foreignFiles() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
        #expect(
            try error(reading: png).issues.first?.description
                == "expected a Jastor archive, found data starting with bytes 89 50 4E 47 0D 0A 1A 0A")
        #expect(
            try error(reading: Data("[1, 2]".utf8)).issues.first?.description
                == "expected a Jastor archive, found data starting with bytes 5B 31 2C 20 32 5D")
        #expect(
            try error(reading: Data(#"{"a": 1}"#.utf8)).issues.first?.description
                == #"expected a complete Jastor archive, found no "format" entry"#)
        #expect(
            try error(reading: Data(repeating: 0, count: 64)).issues.first?.description
                == "expected a Jastor archive, found data starting with bytes 00 00 00 00 00 00 00 00")
    }

    @Test func archiveOfAnotherFormatName() throws {
        let bytes = Data(#"{"format": "other", "version": 1, "rootClass": "X", "root": {}}"#.utf8)
        #expect(
            try error(reading: bytes).issues.first?.description
                == #"expected a Jastor archive, found a file of format "other""#)
    }

    @Test func newerFormatVersion() throws {
        let bytes = Data(
            #"{"format": "jastor-archive", "version": 3, "rootClass": "SearchResponse", "classes": {}, "root": {}}"#
                .utf8)
        #expect(
            try error(reading: bytes).issues.first?.description
                == "expected archive format version 2 or earlier, found version 3, written by a newer Jastor")
    }

    @Test func newerFormatVersionInAPropertyList() throws {
        let envelope: [String: Any] = [
            "format": "jastor-archive", "version": 3, "rootClass": "SearchResponse", "classes": [:], "root": [:],
        ]
        let bytes = try PropertyListSerialization.data(fromPropertyList: envelope, format: .binary, options: 0)
        #expect(
            try error(reading: bytes).issues.first?.description
                == "expected archive format version 2 or earlier, found version 3, written by a newer Jastor")
    }

    @Test(arguments: formats)
    func everySingleByteCorruptionIsAnErrorOrAModelNeverACrash(format: JastorArchiveFormat) throws {
        let full = try archive(format: format)
        var errors = 0
        var models = 0
        for offset in full.indices {
            var damaged = full
            damaged[offset] ^= 0x5A
            do {
                _ = try SearchResponse.unarchive(from: damaged)
                models += 1
            } catch {
                errors += 1
            }
        }
        #expect(errors + models == full.count)
        #expect(errors > 0)
    }

    @Test func missingFile() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("absent.archive")
        let error = try #require(throws: JastorError.self) { try SearchResponse.unarchive(from: file) }
        #expect(error.issues.first?.kind == .unreadableArchive)
        #expect(error.description.hasPrefix("\(file.path): expected a readable file, found "))
    }

    @Test func folderInsteadOfAFile() throws {
        let folder = try TemporaryFolder()
        let error = try #require(throws: JastorError.self) { try SearchResponse.unarchive(from: folder.url) }
        #expect(error.issues.first?.kind == .unreadableArchive)
        #expect(error.description.hasPrefix("\(folder.url.path): expected a readable file, found "))
    }

    @Test func largeZeroFilledAndRandomFiles() throws {
        #expect(
            try error(reading: Data(repeating: 0, count: 1 << 20)).issues.first?.description
                == "expected a Jastor archive, found data starting with bytes 00 00 00 00 00 00 00 00")
        var random = SeededRandom(seed: 5)
        for _ in 0..<200 {
            let count = Int.random(in: 1...512, using: &random)
            let bytes = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
            #expect(throws: JastorError.self) { try SearchResponse.unarchive(from: bytes) }
        }
    }

    @Test func envelopesWithMissingOrMistypedEntries() throws {
        let root = #""rootClass": "JastorTests.SearchResponse""#
        let cases: [(json: String, message: String)] = [
            (#"{"format": 7}"#, #"expected a complete Jastor archive, found no "format" entry"#),
            (
                #"{"format": "jastor-archive", "root": 1}"#,
                #"expected a complete Jastor archive, found no "version" entry"#
            ),
            (
                #"{"format": "jastor-archive", "version": 1}"#,
                #"expected a complete Jastor archive, found no "rootClass" entry"#
            ),
            (
                #"{"format": "jastor-archive", "version": 1, \#(root)}"#,
                #"expected a complete Jastor archive, found no "root" entry"#
            ),
            (
                #"{"format": "jastor-archive", "version": 1, \#(root), "root": [1]}"#,
                "expected Object for SearchResponse, found Array"
            ),
        ]
        for (json, message) in cases {
            let found = try error(reading: Data(json.utf8)).issues.first?.description
            #expect(found == message, "\(json)")
        }
    }

    /// A version that is not a positive whole number is refused as such, not as a missing entry
    /// (nor accepted), and one beyond `Int64` as newer.
    @Test(arguments: [
        ("1.0", "expected a format version that is a whole number, found version 1.0"),
        (#""1""#, #"expected a format version that is a whole number, found version String "1""#),
        ("null", "expected a format version that is a whole number, found version null"),
        ("0", "expected a format version of 1 or more, found version 0, which is invalid"),
        ("-1", "expected a format version of 1 or more, found version -1, which is invalid"),
        (
            "-9223372036854775808",
            "expected a format version of 1 or more, found version -9223372036854775808, which is invalid"
        ),
        (
            "18446744073709551615",
            "expected archive format version 2 or earlier, found version 18446744073709551615, written by a newer Jastor"
        ),
        ("3", "expected archive format version 2 or earlier, found version 3, written by a newer Jastor"),
    ])
    func unsupportedVersionsAreRefusedAsSuch(version: String, message: String) throws {
        let json =
            #"{"format": "jastor-archive", "version": \#(version), "rootClass": "JastorTests.Kennel", "root": {}}"#
        let issues = try error(reading: Data(json.utf8)).issues
        #expect(issues.map(\.description) == [message])
        #expect(issues.first?.kind == .unreadableArchive)
    }

    @Test(arguments: formats)
    func everyTruncationIsAnError(format: JastorArchiveFormat) throws {
        let full = try archive(format: format)
        #expect(try SearchResponse.unarchive(from: full).statuses.count == 4)
        for length in 0..<full.count {
            let error = try #require(throws: JastorError.self) {
                try SearchResponse.unarchive(from: full.prefix(length))
            }
            #expect(error.issues.first?.kind == .unreadableArchive, "prefix of \(length) bytes")
        }
    }

    @Test(arguments: formats)
    func seededMultiBitCorruptionIsAnErrorOrAModelNeverACrash(format: JastorArchiveFormat) throws {
        let full = try archive(format: format)
        var random = SeededRandom(seed: format == .json ? 1 : 2)
        var errors = 0
        for _ in 0..<2_000 {
            var damaged = full
            for _ in 0..<Int.random(in: 1...16, using: &random) {
                damaged[Int.random(in: damaged.indices, using: &random)] ^= 1 << UInt8.random(in: 0...7, using: &random)
            }
            do {
                _ = try SearchResponse.unarchive(from: damaged)
            } catch {
                errors += 1
                #expect(!error.issues.isEmpty)
            }
        }
        #expect(errors > 1_000)
    }
}

/// A model class that counts its instances and that no test maps, so that a test can show that an
/// archive naming it never gets one built.
final class ArchiveTripwire: JastorObject {
    static let instances = Atomic(0)

    var serialNumber = ArchiveTripwire.instances.add(1, ordering: .relaxed).newValue

    override class var properties: [JastorProperty] { [.ignored("serialNumber", \ArchiveTripwire.serialNumber)] }
}

/// Archives crafted to make the reader build a class it does not expect.
@Suite struct CraftedArchiveTests {
    /// A JSON archive of a kennel holding a puppy, with `original` (which must occur) replaced.
    private func kennelArchive(replacing original: String, with replacement: String) throws -> Data {
        let kennel = Kennel()
        kennel.resident = Puppy(dictionary: ["name": "Rex", "ageInWeeks": 9])
        let text = String(decoding: try kennel.archivedData(format: .json), as: UTF8.self)
        #expect(text.contains(original))
        return Data(text.replacingOccurrences(of: original, with: replacement).utf8)
    }

    @Test(arguments: [
        "NoSuchModel", "Product", "Animal", "Puppy", "TemporaryFolder", "String", "JastorObject", "ArchiveTripwire",
        "JastorTests.Product", "Swift.String", "Jastor.JastorObject", "JastorTests.ArchiveTripwire", "",
    ])
    func rootClassOtherThanTheReadingClassOrASubclassIsRefused(rootClass: String) throws {
        let data = try kennelArchive(
            replacing: #""rootClass":"Kennel""#, with: #""rootClass":"\#(rootClass)""#)
        let error = try #require(throws: JastorError.self) { try Kennel.unarchive(from: data) }
        #expect(error.description == "expected an archive of Kennel or a subclass, found one of \(rootClass)")
        #expect(error.issues.first?.kind == .disallowedClass)
        #expect(ArchiveTripwire.instances.load(ordering: .relaxed) == 0)
    }

    @Test(arguments: [
        "NoSuchModel", "Product", "Kennel", "TemporaryFolder", "JastorObject", "ArchiveTripwire", "JastorTests.Puppy",
        "Jastor.JastorObject", "JastorTests.ArchiveTripwire",
    ])
    func classMarkerOtherThanTheDeclaredClassOrASubclassIsRefused(marker: String) throws {
        let data = try kennelArchive(replacing: #""$class":"Puppy""#, with: #""$class":"\#(marker)""#)
        let error = try #require(throws: JastorError.self) { try Kennel.unarchive(from: data) }
        #expect(error.description == "resident: expected Animal or a subclass, found class \(marker)")
        #expect(error.issues.first?.kind == .disallowedClass)
        #expect(ArchiveTripwire.instances.load(ordering: .relaxed) == 0)
    }

    @Test func classMarkerThatIsNotAStringIsRefused() throws {
        let data = try kennelArchive(
            replacing: #""$class":"Puppy""#, with: #""$class":["Puppy"]"#)
        let error = try #require(throws: JastorError.self) { try Kennel.unarchive(from: data) }
        #expect(error.description == "resident: expected a class name in $class, found Array")
        #expect(error.issues.first?.kind == .disallowedClass)
    }
}

/// Binary property lists crafted to crash, hang or exhaust the reader.
@Suite struct CraftedPropertyListTests {
    /// A binary property list of `objects` (each a marker byte and its contents), the first at
    /// the top, with 8-byte offsets and references `referenceSize` bytes wide.
    private func propertyList(_ objects: [[UInt8]], referenceSize: Int = 1) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets {
            bytes += bigEndian(offset, size: 8)
        }
        bytes += [0, 0, 0, 0, 0, 0, 8, UInt8(referenceSize)]
        bytes += bigEndian(objects.count, size: 8) + bigEndian(0, size: 8) + bigEndian(table, size: 8)
        return Data(bytes)
    }

    private func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private func damage(_ data: Data) throws -> String {
        try #require(throws: JastorError.self) { try SearchResponse.unarchive(from: data) }.description
    }

    @Test func wellFormedListThatIsNotADictionary() throws {
        #expect(
            try damage(propertyList([[0xA1, 1], [0x51, UInt8(ascii: "x")]]))
                == "expected a Jastor archive, found a property list that is not a dictionary")
    }

    @Test func arrayContainingItself() throws {
        #expect(
            try damage(propertyList([[0xA1, 0]]))
                == "expected a complete Jastor archive, found damaged data (object 0 contains itself)")
    }

    @Test func hundredThousandNestedArrays() throws {
        let depth = 100_000
        let arrays = (0..<depth).map { [0xA1] + bigEndian($0 + 1, size: 4) } + [[0xA0]]
        #expect(
            try damage(propertyList(arrays, referenceSize: 4))
                == "expected a complete Jastor archive, found damaged data (nested deeper than 512 levels)")
    }

    @Test func sixtyLevelsOfSharedReferencesAreReadOnceEach() throws {
        // Each array holds the next one twice: 2^60 paths, 61 objects, refused for describing
        // more values than a run may read (see ValueLimitTests).
        let arrays = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0xA0]]
        #expect(
            try damage(propertyList(arrays))
                == "expected at most 10000000 values in one run (JastorLimits.maximumValueCount), found more, "
                + "counting shared objects at every place they are referenced")
    }

    @Test func countsAndReferencesBeyondTheFile() throws {
        let cases: [(objects: [[UInt8]], reason: String)] = [
            (
                [[0xAF, 0x13] + bigEndian(1 << 62, size: 8)],
                "a count or offset of 4611686018427387904, beyond the file"
            ),
            ([[0xA1, 9]], "a reference to missing object 9"),
            ([[0xA3, 0, 0]], "3 elements running past the object area"),
            ([[0x5F, 0x10, 200, 0x41]], "a count or offset of 200, beyond the file"),
            ([[0xD1, 1, 1], [0x10, 7]], "a dictionary key that is not a string"),
            ([[0xC1, 0]], "an object of kind 0xC1, which archives do not hold"),
            ([[0x14] + bigEndian(1, size: 8) + bigEndian(0, size: 8)], "an integer beyond 64 bits"),
        ]
        for (objects, reason) in cases {
            let found = try damage(propertyList(objects))
            #expect(found == "expected a complete Jastor archive, found damaged data (\(reason))")
        }
    }
}
