import Foundation
import Jastor
import Testing

/// The code of `Jastor.docc/Archiving.md`, compiled and run here.
enum ArchivingDoc {
    typealias Product = JastorDoc.Product

    final class Contact: JastorObject {
        var givenName = ""
        var familyName = ""

        override class var archiveAliases: [String] { ["Customer"] }
        override class var archiveVersion: Int { 2 }
        override class var properties: [JastorProperty] {
            [.init("givenName", \Contact.givenName), .init("familyName", \Contact.familyName)]
        }
        override class func migrate(archivedProperties stored: inout [String: Any], fromVersion version: Int) throws {
            guard version < 2, let fullName = stored.removeValue(forKey: "fullName") as? String else { return }
            let parts = fullName.split(separator: " ", maxSplits: 1).map(String.init)
            stored["givenName"] = parts.first
            stored["familyName"] = parts.count > 1 ? parts[1] : ""
        }
    }

    @Suite struct ArchivingDocTests {
        /// The quick start's mapped product, for the sections that use it.
        private func mappedProduct() -> Product {
            Product(dictionary: ["name": "foo", "amount": "13", "price": 19.99, "category": ["name": "toys"]])
        }

        @Test func archiving() throws {
            let product = mappedProduct()
            let archive = try product.archivedData(format: .json)
            let restored = try Product.unarchive(from: archive)
            let encoded = try JSONEncoder().encode(product)
            let decoded = try JSONDecoder().decode(Product.self, from: encoded)
            print(restored == product, decoded == product)  // true true

            #expect(restored == product)
            #expect(decoded == product)
        }

        @Test func archiveNamesAndVersions() throws {
            let old =
                #"{"format": "jastor-archive", "version": 2, "rootClass": "Customer", "classes": {"Customer": 1}, "#
                + #""root": {"fullName": "Ada Lovelace"}}"#
            let contact = try Contact.unarchive(from: Data(old.utf8))
            print(contact.givenName, contact.familyName)  // Ada Lovelace

            #expect(contact.givenName == "Ada" && contact.familyName == "Lovelace")
        }
    }
}
