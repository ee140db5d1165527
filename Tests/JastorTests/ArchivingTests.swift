import Foundation
import Jastor
import Testing

/// A Codable struct holding models, as users embed them.
private struct Order: Codable, Equatable {
    var reference: String
    var product: Product
    var categories: [ProductCategory]
}

/// Dates in every rule: built in, epoch and ISO-8601 transforms, untyped.
private final class Moments: JastorObject {
    var builtIn = Date(timeIntervalSince1970: 0)
    var seconds = Date(timeIntervalSince1970: 0)
    var iso = Date(timeIntervalSince1970: 0)
    var formatted = Date(timeIntervalSince1970: 0)
    var untyped: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            \.builtIn
            property(\.seconds, transform: .secondsSince1970)
            property(\.iso, transform: .iso8601)
            property(\.formatted, transform: .date(format: "yyyy-MM-dd HH:mm:ss"))
            \.untyped
        }
    }
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

    @Test func propertyListArchivesReadByFoundationAndFoundationsReadByJastor() throws {
        let original = Everything(dictionary: try Fixtures.dictionary("everything"))
        original.string = "a string longer than fifteen characters, with é and 😀"
        original.strings = (0..<40).map { "item \($0)" }
        original.int64 = Int64.min
        original.uint64 = UInt64.max
        original.double = -0.1
        original.optionalString = nil
        let data = try original.archivedData(format: .binaryPropertyList)
        let list = try PropertyListSerialization.propertyList(from: data, format: nil)
        let envelope = try #require(list as? [String: Any])
        #expect(envelope["format"] as? String == "jastor-archive")
        #expect(envelope["version"] as? Int == 2)
        let root = try #require(envelope["root"] as? [String: Any])
        #expect(root["string"] as? String == original.string)
        #expect((root["strings"] as? [Any])?.count == 40)
        #expect(root["optionalString"] as? String == "$null")
        // The same archive written by Foundation's own writer reads back too.
        let rewritten = try PropertyListSerialization.data(fromPropertyList: envelope, format: .binary, options: 0)
        let copy = try Everything.unarchive(from: rewritten)
        #expect(copy == original)
        #expect(copy.optionalString == nil && copy.uint64 == UInt64.max && copy.int64 == Int64.min)
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
        #expect(error.description == "expected an archive of Puppy or a subclass, found one of Animal")
        #expect(error.issues.first?.kind == .disallowedClass)
    }

    @Test func craftedClassMarkerNamingAnUnrelatedClassIsRefused() throws {
        let data = try kennel().archivedData(format: .json)
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(
            of: #""$class":"Puppy""#, with: #""$class":"Product""#)
        let error = try #require(throws: JastorError.self) { try Kennel.unarchive(from: Data(text.utf8)) }
        #expect(
            error.issues.map(\.description) == [
                "resident: expected Animal or a subclass, found class Product",
                "residents[2]: expected Animal or a subclass, found class Product",
                "byName.rex: expected Animal or a subclass, found class Product",
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

    /// A date JSON cannot hold (NaN or an infinity of seconds) is kept by archives as every other
    /// value is, and refused with an issue by mapping and JSON output; the good archive it replaces
    /// is never lost to an archive that cannot be read.
    @Test(arguments: formats)
    func nonFiniteDatesComeBackFromArchives(format: JastorArchiveFormat) throws {
        for seconds in [Double.nan, .infinity, -.infinity] {
            let moments = Moments()
            moments.builtIn = Date(timeIntervalSince1970: seconds)
            moments.seconds = Date(timeIntervalSince1970: seconds)
            moments.iso = Date(timeIntervalSince1970: seconds)
            moments.formatted = Date(timeIntervalSince1970: seconds)
            moments.untyped = ["when": Date(timeIntervalSince1970: seconds)]
            let folder = try TemporaryFolder()
            try moments.archive(to: folder.file("moments.archive"), format: format)
            let copy = try Moments.unarchive(from: folder.file("moments.archive"))
            for date in [copy.builtIn, copy.seconds, copy.iso, copy.formatted, copy.untyped["when"] as? Date] {
                let copied = try #require(date?.timeIntervalSince1970, "\(seconds)")
                #expect(copied.isNaN == seconds.isNaN && (seconds.isNaN || copied == seconds), "\(seconds)")
            }
            var issues: [JastorIssue] = []
            _ = moments.toDictionary(issues: &issues)
            #expect(
                Set(issues.map { $0.path.description }) == ["builtIn", "seconds", "iso", "formatted", "untyped.when"])
            #expect(copy.description.contains("builtIn"))
        }
    }

    @Test func nonFiniteSecondsAreNotADateOutsideArchives() {
        var issues: [JastorIssue] = []
        let moments = Moments(dictionary: ["builtIn": Double.nan, "seconds": Double.infinity], issues: &issues)
        #expect(
            issues.map(\.description) == [
                "builtIn: expected a finite Date, found Number nan",
                "seconds: expected a finite Date (seconds since 1970), found Number inf",
            ])
        #expect(moments.builtIn == Date(timeIntervalSince1970: 0) && moments.seconds == Date(timeIntervalSince1970: 0))
    }

    @Test func archivedDatesAreReadOnlyAsWritten() throws {
        for text in ["0x10", "1e-400", "1.50", " 1", "NaN", "infinity"] {
            let archive = Data(
                #"{"archive": "jastor", "version": 2, "classes": {}, "root": {"$class": "Moments", "untyped": {"when": "$date:\#(text)"}}}"#
                    .utf8)
            #expect(throws: JastorError.self, "\(text)") { try Moments.unarchive(from: archive) }
        }
    }

    /// A date a text transform cannot spell (beyond ISO 8601's range, or the formatter's) is
    /// written as its seconds and reads back, from JSON text and archives alike; no other number is
    /// taken for such a date.
    @Test(arguments: formats)
    func datesATextTransformCannotSpellComeBack(format: JastorArchiveFormat) throws {
        for seconds in [1e17, -1e17, 1e15] {
            let moments = Moments()
            moments.iso = Date(timeIntervalSince1970: seconds)
            moments.formatted = Date(timeIntervalSince1970: seconds)
            let copy = try Moments.unarchive(from: try moments.archivedData(format: format))
            #expect(copy.iso == moments.iso, "\(seconds)")
            #expect(copy.formatted == moments.formatted, "\(seconds)")
            var issues: [JastorIssue] = []
            let fromJSON = try Moments(json: try moments.jsonData(), issues: &issues)
            #expect(issues.isEmpty, "\(seconds): \(issues)")
            #expect(fromJSON.iso == moments.iso && fromJSON.formatted == moments.formatted, "\(seconds)")
        }
        var issues: [JastorIssue] = []
        _ = Moments(dictionary: ["iso": 1.5, "formatted": 1_000], issues: &issues)
        #expect(
            issues.map(\.description) == [
                "iso: expected ISO-8601 Date, found Number 1.5",
                "formatted: expected Date (yyyy-MM-dd HH:mm:ss), found Number 1000",
            ])
    }

    @Test func aNonFiniteDateObjectIsRefusedOutsideArchives() {
        var issues: [JastorIssue] = []
        let moments = Moments(dictionary: ["builtIn": Date(timeIntervalSince1970: .nan)], issues: &issues)
        #expect(issues.map(\.description) == ["builtIn: expected a finite Date, found Date nan s since 1970"])
        #expect(moments.builtIn == Date(timeIntervalSince1970: 0))
    }

    /// An archive's properties are found by name wherever they stand in their object (one pass
    /// over the members, ``forEachNamedMember``), the same as in the order the writer writes them.
    @Test func propertiesAreReadByNameInAnyOrder() throws {
        let kennel = Kennel()
        kennel.resident = Puppy(dictionary: ["name": "Rex", "legs": 4, "breed": "collie", "ageInWeeks": 9])
        kennel.residents = [Dog(dictionary: ["name": "Fido", "legs": 3, "breed": "pug"])]
        let text = String(decoding: try kennel.archivedData(format: .json), as: UTF8.self)
        // Each model's members after its class marker, in reverse order.
        let written = [
            #""name":"Rex","legs":4,"breed":"collie","ageInWeeks":9"#, #""name":"Fido","legs":3,"breed":"pug""#,
        ]
        let reversed = [
            #""ageInWeeks":9,"breed":"collie","legs":4,"name":"Rex""#, #""breed":"pug","legs":3,"name":"Fido""#,
        ]
        var reordered = text
        for (original, replacement) in zip(written, reversed) {
            #expect(reordered.contains(original), "\(text)")
            reordered = reordered.replacingOccurrences(of: original, with: replacement)
        }
        #expect(reordered != text)
        let copy = try Kennel.unarchive(from: Data(reordered.utf8))
        #expect(copy == kennel)
        #expect((copy.resident as? Puppy)?.ageInWeeks == 9)
        #expect(copy.residents.first?.legs == 3)
    }

    @Test func aFileURLNamingAnotherHostIsRefused() throws {
        let url = try #require(URL(string: "file://example.com/tmp/jastor-remote.archive"))
        #expect(throws: JastorError.self) { try Moments().archive(to: url) }
        #expect(throws: JastorError.self) { try Moments.unarchive(from: url) }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/jastor-remote.archive"))
    }
}
