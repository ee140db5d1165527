import Foundation
import Jastor
import Testing

/// A Codable struct holding models, as users embed them.
private struct Order: Codable, Equatable {
    var reference: String
    var product: Product
    var categories: [ProductCategory]
}

/// Archives on disk, both formats; polymorphic graphs; damaged, foreign and crafted files.
@Suite struct ArchivingTests {
    static let formats: [JastorArchiveFormat] = [.binaryPropertyList, .json]

    private func kennel() -> Kennel {
        let puppy = Puppy(dictionary: ["name": "Rex", "breed": "collie", "ageInWeeks": 9])
        let kennel = Kennel()
        kennel.resident = puppy
        kennel.residents = [
            Dog(dictionary: ["name": "Fido", "breed": "pug"]), Animal(dictionary: ["name": "Tom"]), puppy,
        ]
        kennel.byName = ["rex": puppy, "tom": Animal(dictionary: ["name": "Tom", "legs": 3])]
        return kennel
    }

    @Test(arguments: formats)
    func searchResponseRoundTripsOnDisk(format: JastorArchiveFormat) throws {
        let folder = try TemporaryFolder()
        let original = SearchResponse(dictionary: try Fixtures.dictionary("search_response"))
        try original.archive(to: folder.file("search.archive"), format: format)
        let copy = try SearchResponse.unarchive(from: folder.file("search.archive"))
        #expect(copy == original)
        #expect(copy !== original)
        #expect(copy.statuses[1].retweetedStatus?.user.screenName == "origin")
        #expect(copy.statuses[0].id == 505_874_924_095_815_681)
    }

    @Test(arguments: formats)
    func everyTypeRoundTrips(format: JastorArchiveFormat) throws {
        let original = Everything(dictionary: try Fixtures.dictionary("everything"))
        original.decimal = Decimal(string: "12345678901234567890.123456789")!
        original.double = .nan
        original.float = -.infinity
        original.date = Date(timeIntervalSince1970: 1_409_307_120.123456)
        original.optionalString = nil
        let copy = try Everything.unarchive(from: try original.archivedData(format: format))
        #expect(copy == original)
        #expect(copy.decimal == original.decimal)
        #expect(copy.double.isNaN)
        #expect(copy.float == -.infinity)
        #expect(copy.date == original.date)
        #expect(copy.optionalString == nil, "a nil that differs from the default is archived")
        #expect(copy.uint64 == UInt64.max)
        #expect(try Fixtures.canonical(copy.metadata) == Fixtures.canonical(original.metadata))
    }

    @Test func jsonArchivesAreValidJSONWithEveryEscapeAndKeepDoublesDoubles() throws {
        let original = Everything()
        original.string = "quote \" backslash \\ newline \n tab \t bell \u{7} nul \u{0} é 😀 /"
        original.strings = ["\u{1F}", "\r\n", ""]
        original.metadata = ["five": 5.0, "half": 0.5, "big": 1e300, "tiny": -2.5e-300, "count": 5]
        let data = try original.archivedData(format: .json)
        let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(parsed["format"] as? String == "jastor-archive")
        let copy = try Everything.unarchive(from: data)
        #expect(copy == original)
        #expect(copy.string == original.string && copy.strings == original.strings)
        #expect(copy.metadata["five"] is Double && copy.metadata["count"] is Int)
        #expect(copy.metadata["tiny"] as? Double == -2.5e-300)
    }

    @Test(arguments: formats)
    func subclassesInBaseClassPropertiesComeBackAsThemselves(format: JastorArchiveFormat) throws {
        let original = kennel()
        let copy = try Kennel.unarchive(from: try original.archivedData(format: format))
        #expect(copy == original)
        let resident = try #require(copy.resident as? Puppy)
        #expect(resident.ageInWeeks == 9)
        #expect(copy.residents.map { String(describing: type(of: $0)) } == ["Dog", "Animal", "Puppy"])
        #expect(copy.byName["rex"] is Puppy)
        #expect(!(copy.byName["tom"] is Dog))
    }

    @Test func rootSubclassComesBackThroughItsBaseClass() throws {
        let data = try Puppy(dictionary: ["name": "Rex", "ageInWeeks": 9]).archivedData()
        let animal = try Animal.unarchive(from: data)
        #expect((animal as? Puppy)?.ageInWeeks == 9)
    }

    @Test func archiveOfAnotherClassIsRefused() throws {
        let data = try Animal(dictionary: ["name": "Tom"]).archivedData()
        let error = try #require(throws: JastorError.self) { try Puppy.unarchive(from: data) }
        #expect(error.description == "expected an archive of Puppy or a subclass, found one of JastorTests.Animal")
        #expect(error.issues.first?.kind == .disallowedClass)
    }

    @Test func craftedClassMarkerNamingAnUnrelatedClassIsRefused() throws {
        let data = try kennel().archivedData(format: .json)
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(
            of: #""$class":"JastorTests.Puppy""#, with: #""$class":"JastorTests.Product""#)
        let error = try #require(throws: JastorError.self) { try Kennel.unarchive(from: Data(text.utf8)) }
        #expect(
            error.issues.map(\.description) == [
                "resident: expected Animal or a subclass, found class JastorTests.Product",
                "residents[2]: expected Animal or a subclass, found class JastorTests.Product",
                "byName.rex: expected Animal or a subclass, found class JastorTests.Product",
            ])
        #expect(error.issues.allSatisfy { $0.kind == .disallowedClass })
    }

    @Test func classMarkersInPlainDictionariesAreIgnored() throws {
        let kennel = Kennel(dictionary: ["resident": ["$class": "JastorTests.Puppy", "name": "Rex"]])
        #expect(type(of: try #require(kennel.resident)) == Animal.self)
    }

    @Test func modelsInsideCodableStructsRoundTrip() throws {
        let order = Order(
            reference: "A-1", product: Product(dictionary: try Fixtures.dictionary("product_with_category")),
            categories: [ProductCategory(dictionary: try Fixtures.dictionary("category_tree"))])
        let json = try JSONDecoder().decode(Order.self, from: JSONEncoder().encode(order))
        #expect(json == order)
        let plist = try PropertyListDecoder().decode(Order.self, from: PropertyListEncoder().encode(order))
        #expect(plist == order)
    }

    @Test func decodingAMismatchIsADecodingErrorAtItsCodingPath() throws {
        let data = Data(#"{"reference": "A-1", "categories": [], "product": {"name": "x", "amount": "many"}}"#.utf8)
        do {
            _ = try JSONDecoder().decode(Order.self, from: data)
            Issue.record("decoding should have failed")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["product", "amount"])
            #expect(context.debugDescription == #"amount: expected Int, found String "many""#)
        }
    }
}

/// Damaged, foreign and unwritable archive files.
@Suite struct DamagedArchiveTests {
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
            #"{"format": "jastor-archive", "version": 2, "rootClass": "JastorTests.SearchResponse", "root": {}}"#.utf8)
        #expect(
            try error(reading: bytes).issues.first?.description
                == "expected archive format version 1 or earlier, found version 2, written by a newer Jastor")
    }

    @Test(arguments: [JastorArchiveFormat.binaryPropertyList, .json])
    func truncatedArchives(format: JastorArchiveFormat) throws {
        let full = try archive(format: format)
        for length in [1, 8, full.count / 3, full.count / 2, full.count - 1] {
            let issue = try #require(try error(reading: full.prefix(length)).issues.first)
            #expect(issue.kind == .unreadableArchive)
        }
    }

    @Test(arguments: [JastorArchiveFormat.binaryPropertyList, .json])
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

    @Test func failedWriteLeavesTheOldArchive() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("kept.archive")
        let original = Everything(dictionary: ["string": "old"])
        try original.archive(to: file)
        let before = try Data(contentsOf: file)

        let unencodable = Everything(dictionary: ["string": "new"])
        unencodable.metadata = ["when": Date()]
        let error = try #require(throws: JastorError.self) { try unencodable.archive(to: file) }
        #expect(error.description == "metadata.when: expected a JSON value, found Date")
        #expect(try Data(contentsOf: file) == before)
        #expect(try Everything.unarchive(from: file).string == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["kept.archive"])
    }

    @Test func unwritableLocation() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("no/such/folder/x.archive")
        let error = try #require(throws: JastorError.self) { try Everything().archive(to: file) }
        #expect(error.issues.first?.kind == .unwritableArchive)
        #expect(error.file == file)
    }
}
