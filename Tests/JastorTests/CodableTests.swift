import Foundation
import Jastor
import Testing

private final class RepositoryOwner: JastorObject {
    var login = ""
    var siteAdmin = false

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var properties: [JastorProperty] {
        [.init("login", \RepositoryOwner.login), .init("siteAdmin", \RepositoryOwner.siteAdmin)]
    }
}

private final class Repository: JastorObject {
    var id = 0
    var fullName = ""
    var createdAt: Date?
    var stargazersCount = 0
    var owner = RepositoryOwner()

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var properties: [JastorProperty] {
        [
            .init("id", \Repository.id), .init("fullName", \Repository.fullName),
            .init("createdAt", \Repository.createdAt, transform: .iso8601),
            .init("stargazersCount", \Repository.stargazersCount), .init("owner", \Repository.owner),
        ]
    }
}

private class APIUser: JastorObject {
    var id = 0
    var fullName = ""
    var avatarURL: URL?
    var createdAt: Date?
    var repositories: [Repository] = []

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var archiveSubclasses: [JastorObject.Type] { [AdminUser.self] }
    override class var properties: [JastorProperty] {
        [
            .init("id", \APIUser.id), .init("fullName", \APIUser.fullName), .init("avatarURL", \APIUser.avatarURL),
            .init("createdAt", \APIUser.createdAt, transform: .iso8601),
            .init("repositories", \APIUser.repositories),
        ]
    }
}

/// A subclass archives may name where an ``APIUser`` is declared; network JSON never picks it.
private final class AdminUser: APIUser {
    var permissions: [String] = []

    override class var properties: [JastorProperty] { [.init("permissions", \AdminUser.permissions)] }
}

/// Untyped values, which may hold what JSON cannot.
private final class Attachment: JastorObject {
    var name = ""
    var info: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        [.init("name", \Attachment.name), .init("info", \Attachment.info)]
    }
}

/// Typed decimals.
private final class Balance: JastorObject {
    var amount: Decimal = 0
    var amounts: [Decimal] = []

    override class var properties: [JastorProperty] { register(\.amount, \.amounts) }
}

/// An app's own `Codable` response type holding a model.
private struct UserResponse: Codable {
    var requestID: String
    var user: APIUser

    enum CodingKeys: String, CodingKey {
        case requestID = "request_id"
        case user
    }
}

/// A declaration mistake: `forgotten` is a stored property no registration lists.
private final class Forgetful: JastorObject {
    var name = ""
    var forgotten = 0

    override class var properties: [JastorProperty] { [.init("name", \Forgetful.name)] }
}

/// Holds a ``Forgetful`` one level down, under a model that is declared well.
private final class ForgetfulOwner: JastorObject {
    var inner: Forgetful?

    override class var properties: [JastorProperty] { [.init("inner", \ForgetfulOwner.inner)] }
}

private struct ForgetfulHolder: Decodable {
    var model: Forgetful
    var owner: ForgetfulOwner?
}

/// `Codable` follows the JSON mapping rules of `init(dictionary:)` and `toDictionary()`.
@Suite struct CodableTests {
    @Test func modelInsideACodableResponseReadsTheAPIsJSON() throws {
        let response = try JSONDecoder().decode(UserResponse.self, from: try Fixtures.data("api_user_response"))
        #expect(response.requestID == "req-42")
        let user = response.user
        #expect(type(of: user) == APIUser.self, "a \"$class\" key in network JSON chooses nothing")
        #expect(user.fullName == "Ada Lovelace")
        #expect(user.avatarURL?.absoluteString == "https://example.com/ada.png")
        #expect(user.createdAt == Date(timeIntervalSince1970: 1_409_307_120))
        #expect(user.repositories.map(\.fullName) == ["ada/engine", "ada/notes"])
        #expect(user.repositories[1].createdAt == Date(timeIntervalSince1970: 1_467_969_011))
        #expect(user.repositories.map(\.stargazersCount) == [12, 3])
        #expect(user.repositories.map(\.owner.siteAdmin) == [false, true])
        #expect(
            user == APIUser(dictionary: try Fixtures.dictionary("api_user_response")["user"] as? [String: Any] ?? [:]))
    }

    /// Duplicate keys are the decoder's to resolve (Archiving.md says which one Foundation keeps):
    /// `JSONDecoder` hands the model the first value, `init(json:)` reads the last.
    @Test func duplicateKeysAreResolvedByTheDecoder() throws {
        let json = Data(#"{"id": 1, "full_name": "first", "full_name": "last", "id": 2}"#.utf8)
        let decoded = try JSONDecoder().decode(Repository.self, from: json)
        #expect(decoded.id == 1 && decoded.fullName == "first")
        let mapped = try Repository(json: json)
        #expect(mapped.id == 2 && mapped.fullName == "last")
    }

    @Test func encodingWritesTheAPIsJSONBack() throws {
        let response = try JSONDecoder().decode(UserResponse.self, from: try Fixtures.data("api_user_response"))
        let encoded = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(response))
        var expected = try Fixtures.dictionary("api_user_response")
        var user = try #require(expected["user"] as? [String: Any])
        user["$class"] = nil
        expected["user"] = user
        #expect(try Fixtures.canonical(encoded) == Fixtures.canonical(expected))
    }

    @Test func propertyListCodersFollowTheSameRules() throws {
        let response = try JSONDecoder().decode(UserResponse.self, from: try Fixtures.data("api_user_response"))
        let copy = try PropertyListDecoder().decode(UserResponse.self, from: PropertyListEncoder().encode(response))
        #expect(copy.user == response.user)
        #expect(copy.requestID == "req-42")
    }

    @Test func classMarkerAtTheTopIsIgnoredAndSubclassesDecodeAsTheDeclaredClass() throws {
        let user = try JSONDecoder().decode(
            APIUser.self, from: Data(#"{"$class": "AdminUser", "full_name": "Eve"}"#.utf8))
        #expect(type(of: user) == APIUser.self)
        #expect(user.fullName == "Eve")
        let admin = AdminUser(dictionary: ["full_name": "Root", "permissions": ["all"]])
        let text = String(decoding: try JSONEncoder().encode(admin), as: UTF8.self)
        #expect(!text.contains("$class"), "Codable records no class: \(text)")
    }

    /// A number kept untyped that no `Double` holds (read from bytes as an exact `Decimal`) goes
    /// through `JSONEncoder` as a number with every digit and comes back as that `Decimal`.
    @Test func untypedDecimalsComeBackThroughJSONCodersAsNumbers() throws {
        let attachment = try Attachment(
            validatingJSONString:
                #"{"info": {"lat": -65.613616999999977, "big": 12345678901234567890123, "short": 0.1, "far": 1382793324396960.88}}"#
        )
        #expect(attachment.info["lat"] as? Decimal == Decimal(string: "-65.613616999999977"))
        let encoded = try JSONEncoder().encode(attachment)
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(
            text.contains(#""lat":-65.613616999999977"#) && text.contains(#""big":12345678901234567890123"#), "\(text)")
        let decoded = try JSONDecoder().decode(Attachment.self, from: encoded)
        #expect(decoded == attachment)
        #expect(decoded.info["lat"] as? Decimal == Decimal(string: "-65.613616999999977"))
        #expect(decoded.info["big"] as? Decimal == Decimal(string: "12345678901234567890123"))
        #expect(decoded.info["short"] as? Double == 0.1)
        // Foundation's `JSONDecoder` decodes this as the `Int64` 1382793324396961 if asked for one.
        #expect(decoded.info["far"] as? Decimal == Decimal(string: "1382793324396960.88"))
    }

    /// A `Decimal` holding an integer beyond 64 bits that a `Double` is exactly (2^64, 2^70) comes
    /// back through `JSONEncoder` and `JSONDecoder` as itself, as `init(json:)` reads the same
    /// text, never as the `Double`'s shortest text (2^64 as 18446744073709552000).
    @Test func aDecimalIntegerADoubleHoldsComesBackExactly() throws {
        let twoTo64 = Decimal(UInt64.max) + 1
        let twoTo70 = twoTo64 * 64
        let balance = Balance()
        balance.amount = twoTo64
        balance.amounts = [twoTo70, -twoTo64]
        let encoded = try JSONEncoder().encode(balance)
        let decoded = try JSONDecoder().decode(Balance.self, from: encoded)
        #expect(decoded.amount == twoTo64 && decoded.amounts == [twoTo70, -twoTo64], "\(decoded)")
        #expect(decoded == balance)
        let fromBytes = try Balance(validatingJSON: encoded)
        #expect(fromBytes.amount == decoded.amount && fromBytes.amounts == decoded.amounts)
    }

    /// Such an integer in an untyped value is what the byte reader makes of it (a `Double`, which is
    /// it exactly), through `JSONDecoder` as from bytes (review of attack 17).
    @Test func anUntypedIntegerADoubleHoldsReadsAsFromBytes() throws {
        let text = Data(#"{"name": "n", "info": {"n": 18446744073709551616, "m": -1180591620717411303424}}"#.utf8)
        let fromBytes = try Attachment(validatingJSON: text)
        let decoded = try JSONDecoder().decode(Attachment.self, from: text)
        #expect(decoded == fromBytes, "\(decoded.info) vs \(fromBytes.info)")
        #expect(decoded.info["n"] as? Double == 18_446_744_073_709_551_616)
    }

    /// An untyped `Date` or `Data` would decode as a string: both coders report it at its path.
    @Test(arguments: [Date(timeIntervalSince1970: 1_409_307_120) as any Sendable, Data([1, 2]) as any Sendable])
    func untypedDatesAndDataAreReportedNotEncodedAsStrings(value: any Sendable) throws {
        let attachment = Attachment()
        attachment.info = ["value": value]
        let encoders: [(Attachment) throws -> Data] = [
            { try JSONEncoder().encode($0) }, { try PropertyListEncoder().encode($0) },
        ]
        for encode in encoders {
            let error = try #require(throws: EncodingError.self) { try encode(attachment) }
            let issues = try #require(Self.jastorError(in: error), "\(error)").issues
            #expect(issues.map(\.path.description) == ["info.value"])
            #expect(issues.map(\.kind) == [.unencodableValue])
        }
        #expect(try Attachment.unarchive(from: attachment.archivedData()) == attachment)
    }

    /// `JSONDecoder` keeps 38 digits of a number and drops the rest in silence: a longer number
    /// is a `DecodingError` at its coding path, not a rounded value.
    @Test func aNumberJSONDecoderMayRoundIsReported() throws {
        let json = Data(#"{"info": {"big": 1234567890123456789012345678901234567890.5}}"#.utf8)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Attachment.self, from: json) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["info", "big"])
        #expect(context.debugDescription.hasPrefix("a number of more than 36 significant digits"))
        var issues: [JastorIssue] = []
        let read = try Attachment(json: json, issues: &issues)
        #expect(issues.map(\.path.description) == ["info.big"], "the byte reader reports it too")
        #expect(read.info["big"] is Double)
    }

    /// An untyped `Decimal` that an encoder writes as text (`PropertyListEncoder`: any no `Double`
    /// holds; `JSONEncoder`: one of more than 36 digits) would read back as a `String`: reported.
    @Test func anUntypedDecimalWrittenAsTextIsReported() throws {
        let attachment = Attachment()
        attachment.info = ["lat": try #require(Decimal(string: "-65.613616999999977"))]
        let plistError = try #require(throws: EncodingError.self) { try PropertyListEncoder().encode(attachment) }
        #expect(try #require(Self.jastorError(in: plistError)).issues.map(\.path.description) == ["info.lat"])
        #expect(try JSONDecoder().decode(Attachment.self, from: JSONEncoder().encode(attachment)) == attachment)
        attachment.info = ["long": try #require(Decimal(string: "1234567890123456789012345678901234567"))]
        let jsonError = try #require(throws: EncodingError.self) { try JSONEncoder().encode(attachment) }
        let issues = try #require(Self.jastorError(in: jsonError)).issues
        #expect(issues.map(\.path.description) == ["info.long"])
        #expect(issues.map(\.kind) == [.unencodableValue])
        #expect(try Attachment.unarchive(from: attachment.archivedData()) == attachment, "archives keep it")
        #expect(try Attachment(validatingJSON: attachment.jsonData()) == attachment, "and JSON text")
    }

    /// The model's own error inside an encoding error (`PropertyListEncoder` wraps it in one more).
    private static func jastorError(in error: any Error) -> JastorError? {
        if let jastor = error as? JastorError { return jastor }
        guard let encoding = error as? EncodingError, case .invalidValue(_, let context) = encoding,
            let underlying = context.underlyingError
        else { return nil }
        return jastorError(in: underlying)
    }

    /// `PropertyListEncoder` writes the key `"$null"` in a way its decoder cannot read: refused
    /// when encoding, never a file that fails later.
    @Test func aNullMarkerKeyIsRefusedByPropertyListEncoder() throws {
        let attachment = Attachment()
        attachment.info = ["$null": 1]
        let error = try #require(throws: EncodingError.self) { try PropertyListEncoder().encode(attachment) }
        #expect("\(error)".contains("Path: info. Debug description: PropertyListEncoder writes the key"), "\(error)")
        let copy = try JSONDecoder().decode(Attachment.self, from: JSONEncoder().encode(attachment))
        #expect(copy == attachment)
    }

    /// A `JSONDecoder` with a non-conforming float strategy reads the strings it names as numbers:
    /// strings that spell them come back as strings, typed or untyped.
    @Test func stringsSpellingNonFiniteNumbersStayStrings() throws {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        let attachment = Attachment()
        attachment.name = "NaN"
        attachment.info = ["word": "NaN", "big": "Infinity", "list": ["-Infinity", 1.5]]
        let copy = try decoder.decode(Attachment.self, from: encoder.encode(attachment))
        #expect(copy == attachment)
        #expect(copy.name == "NaN")
        #expect(copy.info["big"] as? String == "Infinity")
    }

    /// A declaration mistake names a class and a property, not a place in the data: it is thrown at
    /// the coding path of the model being decoded, the message naming both.
    @Test func aDeclarationMistakeIsThrownAtTheModelsCodingPath() throws {
        let message =
            "Forgetful.forgotten: expected a registration in Forgetful.properties, found an unregistered stored property"
        for (text, path) in [
            (#"{"model": {"name": "n"}}"#, ["model"]),
            (#"{"model": {"name": "n"}}"#.dropLast() + #", "owner": {"inner": {}}}"#, ["model"]),
        ] {
            let error = try #require(throws: DecodingError.self) {
                try JSONDecoder().decode(ForgetfulHolder.self, from: Data(text.utf8))
            }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(error)")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == path, "\(text)")
            #expect(context.debugDescription == message)
        }
        let owner = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(ForgetfulOwner.self, from: Data(#"{"inner": {"name": "n"}}"#.utf8))
        }
        guard case .dataCorrupted(let context) = owner else {
            Issue.record("\(owner)")
            return
        }
        #expect(context.codingPath.isEmpty, "the model decoded is the owner: \(context.codingPath)")
        #expect(context.debugDescription == message)
    }

    /// A number no `Double` or `Decimal` holds, which `JSONDecoder` refuses to read as either
    /// (and reads as the `Int64` 0 when asked), maps as `init(json:)` maps it: a `String` keeps the
    /// text, every numeric type and untyped value reports the same issue, at the same path.
    @Test(arguments: [
        #"{"double": 1e-400}"#, #"{"double": 2.4703282292062327e-324}"#, #"{"decimal": 1e-400}"#,
        #"{"string": 1e-400}"#, #"{"metadata": {"x": 1e-400}}"#, #"{"anything": [1e-400]}"#,
        #"{"float": -1e-400}"#, #"{"int": 1e-400}"#, #"{"uint64": 1e-400}"#, #"{"int8": 0.1e-399}"#,
        #"{"double": 1e400}"#, #"{"string": -1E+400}"#, #"{"decimal": 1e-130}"#, #"{"scores": {"a": 1e-400}}"#,
        #"{"strings": [1e-400]}"#, #"{"priority": 1e-400}"#, #"{"metadata": {"x": 123456789012345678901e-130}}"#,
        #"{"double": 1e-320, "metadata": {"x": 1e-130, "y": 0e5}, "int": 0e5}"#,
    ])
    func aNumberNoSwiftNumberHoldsMapsAsFromBytes(text: String) throws {
        var issues: [JastorIssue] = []
        let fromBytes = try Everything(json: Data(text.utf8), issues: &issues)
        do {
            let decoded = try JSONDecoder().decode(Everything.self, from: Data(text.utf8))
            #expect(issues.isEmpty, "init(json:) reports \(issues), Codable nothing")
            #expect(decoded == fromBytes)
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == JastorError(issues: issues).description)
            let path = issues.first?.path.components.map { component in
                switch component {
                case .key(let key): key
                case .index(let index): String(index)
                }
            }
            #expect(context.codingPath.map(\.stringValue) == path)
        }
    }

    /// `JSONDecoder` hands a number over as a value, not as its text: a `String` property gets the
    /// value's own text, where `init(json:)` keeps the text as written (Archiving.md says so).
    @Test func aNumberIntoAStringGetsTheDecodersValueText() throws {
        for (text, decoded, fromBytes) in [("1.50", "1.5", "1.50"), ("0e5", "0", "0e5"), ("12", "12", "12")] {
            let json = Data(#"{"string": \#(text)}"#.utf8)
            #expect(try JSONDecoder().decode(Everything.self, from: json).string == decoded)
            #expect(try Everything(json: json).string == fromBytes)
        }
    }
}
