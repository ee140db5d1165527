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
            #"{"format": "jastor-archive", "version": 4, "rootClass": "SearchResponse", "classes": {}, "root": {}}"#
                .utf8)
        #expect(
            try error(reading: bytes).issues.first?.description
                == "expected archive format version 3 or earlier, found version 4, written by a newer Jastor")
    }

    @Test func newerFormatVersionInAPropertyList() throws {
        let envelope: [String: Any] = [
            "format": "jastor-archive", "version": 4, "rootClass": "SearchResponse", "classes": [:], "root": [:],
        ]
        let bytes = try PropertyListSerialization.data(fromPropertyList: envelope, format: .binary, options: 0)
        #expect(
            try error(reading: bytes).issues.first?.description
                == "expected archive format version 3 or earlier, found version 4, written by a newer Jastor")
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
        #expect(error.description == "\(folder.url.path): expected a regular file, found a folder")
    }

    #if canImport(Glibc)
    /// A named pipe with no writer is refused at once: opening it to read would wait forever.
    @Test func namedPipeInsteadOfAFile() throws {
        let folder = try TemporaryFolder()
        let pipe = folder.file("pipe.archive")
        try #require(Glibc.mkfifo(pipe.path, 0o600) == 0)
        let error = try #require(throws: JastorError.self) { try SearchResponse.unarchive(from: pipe) }
        #expect(error.issues.first?.kind == .unreadableArchive)
        #expect(error.description == "\(pipe.path): expected a regular file, found a named pipe (FIFO)")
    }
    #endif

    /// A device that never ends (`/dev/zero`) is refused before a byte is read.
    @Test func deviceInsteadOfAFile() throws {
        let device = URL(fileURLWithPath: "/dev/zero")
        try #require(FileManager.default.fileExists(atPath: device.path))
        let error = try #require(throws: JastorError.self) { try SearchResponse.unarchive(from: device) }
        #expect(error.issues.first?.kind == .unreadableArchive)
        #expect(error.description == "/dev/zero: expected a regular file, found a character device")
    }

    /// A URL that is not a file URL is refused, not read as the local file its path spells.
    @Test func urlThatIsNotAFileURL() throws {
        let url = try #require(URL(string: "http://example.com/x.archive"))
        let error = try #require(throws: JastorError.self) { try SearchResponse.unarchive(from: url) }
        #expect(error.issues.first?.kind == .unreadableArchive)
        #expect(error.issues.first?.description == "expected a file URL, found the URL http://example.com/x.archive")
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
    /// (nor accepted), and one beyond `Int64` as newer (beyond `UInt64` too, and one below
    /// `Int64.min` as invalid, never as a number that is not whole).
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
            "expected archive format version 3 or earlier, found version 18446744073709551615, written by a newer Jastor"
        ),
        ("4", "expected archive format version 3 or earlier, found version 4, written by a newer Jastor"),
        // Whole numbers beyond 64 bits are still whole: newer above them, invalid below.
        (
            "18446744073709551616",
            "expected archive format version 3 or earlier, found version 18446744073709551616, written by a newer Jastor"
        ),
        (
            "-9223372036854775809",
            "expected a format version of 1 or more, found version -9223372036854775809, which is invalid"
        ),
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
