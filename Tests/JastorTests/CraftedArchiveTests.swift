import Foundation
import Jastor
import Synchronization
import Testing

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
