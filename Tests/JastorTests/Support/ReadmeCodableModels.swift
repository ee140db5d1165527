import Foundation
import Observation

// The `Codable` twins of the hand-written models of the README and the DocC articles
// (Tests/JastorTests/Documentation/), written as a Swift developer would, for `DocumentationTests`
// to compare their sizes. What the models declare is matched:
// keys, key paths into nested objects, per-property formats and transforms, the subclass built for
// array elements and for a discriminator, decode-only properties. Jastor's lenient coercions
// (`"13"` into an `Int`) and its `[String: Any]` unmapped keys have no `Codable` counterpart and
// are left out, which flatters `Codable`.

enum ReadmeCodable {
    struct ProductCategory: Codable {
        var name: String
        var children: [ProductCategory]
    }

    struct Product: Codable {
        var name: String
        var amount: Int
        var price: Decimal?
        var category: ProductCategory?
    }

    enum Availability: String, Codable {
        case inStock = "in_stock"
        case soldOut = "sold_out"
    }

    class Animal: Codable {
        var name = ""
        var availability = Availability.inStock
    }

    final class Dog: Animal {
        var breed = ""
        weak var owner: Animal?

        private enum CodingKeys: String, CodingKey { case breed }

        required init(from decoder: any Decoder) throws {
            breed = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .breed)
            try super.init(from: decoder)
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
            try super.encode(to: encoder)
        }
    }

    struct Shelter: Codable {
        var animals: [Animal]

        private enum CodingKeys: String, CodingKey { case animals }

        init(from decoder: any Decoder) throws {
            animals = try decoder.container(keyedBy: CodingKeys.self).decode([Dog].self, forKey: .animals)
        }
    }

    struct Person: Codable {
        var givenName: String
        var city: String
        var zip: String?
        var birthDate: Date?
        var email: String

        private enum CodingKeys: String, CodingKey { case firstName, address, birthDate, userEmail }
        private enum AddressKeys: String, CodingKey { case city, zip }
        private static let dateFormat: DateFormatter = {
            let formatter = DateFormatter()
            formatter.dateFormat = "MM-dd-yyyy"
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter
        }()

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let address = try container.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
            givenName = try container.decode(String.self, forKey: .firstName)
            city = try address.decode(String.self, forKey: .city)
            zip = try address.decodeIfPresent(Int.self, forKey: .zip).map(String.init)
            birthDate = try container.decodeIfPresent(String.self, forKey: .birthDate).flatMap(Self.dateFormat.date)
            email = try container.decode(String.self, forKey: .userEmail)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var address = container.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
            try container.encode(givenName, forKey: .firstName)
            try address.encode(city, forKey: .city)
            try address.encodeIfPresent(zip.flatMap(Int.init), forKey: .zip)
            try container.encodeIfPresent(birthDate.map(Self.dateFormat.string), forKey: .birthDate)
        }
    }

    struct Account: Codable {
        var userID: Int
        var avatarURL: URL?
        var `default`: Bool

        private enum CodingKeys: String, CodingKey {
            case userID = "user_id"
            case avatarURL = "avatar_url"
            case `default`
        }
    }

    enum Gender: String, Codable {
        case female, male
    }

    struct Member: Codable {
        var gender: Gender
        var balance: Int

        private enum CodingKeys: String, CodingKey { case gender, balance }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            gender = try container.decode(Gender.self, forKey: .gender)
            balance = Int((try container.decode(Double.self, forKey: .balance) * 100).rounded())
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(gender, forKey: .gender)
            try container.encode(Double(balance) / 100, forKey: .balance)
        }
    }

    struct Event: Codable {
        var type: String
    }

    struct PushEvent: Codable {
        var type: String
        var commits: Int
    }

    enum AnyEvent: Decodable {
        case push(PushEvent)
        case other(Event)

        init(from decoder: any Decoder) throws {
            let event = try Event(from: decoder)
            self = event.type == "PushEvent" ? .push(try PushEvent(from: decoder)) : .other(event)
        }
    }

    struct Repository: Codable {
        var id: Int
        var fullName: String
        var stargazersCount: Int
        var homepage: String?

        private enum CodingKeys: String, CodingKey {
            case id, homepage
            case fullName = "full_name"
            case stargazersCount = "stargazer_count"
        }
    }

    struct Ticket: Codable {
        var number: Int
        var title: String
    }

    @Observable final class LiveIssue: Codable {
        var title = ""
        var comments = 0

        private enum CodingKeys: String, CodingKey {
            case _title = "title"
            case _comments = "comments"
        }
    }
}
