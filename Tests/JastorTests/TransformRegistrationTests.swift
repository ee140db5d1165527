import Foundation
import Jastor
import Testing

/// A gender with no raw values: it maps only through the transform registered for it.
enum SFGender: JastorValue, Sendable {
    case female, male
}

/// A user type that is not a `JastorValue` at all: it maps through a per-property transform.
struct SFTier: Equatable, Sendable {
    let isPremium: Bool

    static let transform = JastorTransform<SFTier>(
        typeName: "SFTier (premium or normal)",
        decode: { value in
            switch value as? String {
            case "premium": SFTier(isPremium: true)
            case "normal": SFTier(isPremium: false)
            default: nil
            }
        },
        encode: { $0.isPremium ? "premium" : "normal" })
}

private final class SFItem: JastorObject {
    var title = ""

    override class var properties: [JastorProperty] { [.init("title", \SFItem.title)] }
}

/// A class that maps nothing.
private final class SFSettings: JastorObject {}

private class SFUser: JastorObject {
    var login = ""
    var gender = SFGender.male
    var tier = SFTier(isPremium: false)
    var joined: Date?
    var mutableItems: [SFItem] = []
    var immutableItems: [SFItem] = []
    var settings: SFSettings?

    override class var properties: [JastorProperty] {
        [
            .init("login", \SFUser.login, key: "data.profile.login"),
            .init("gender", \SFUser.gender, key: "data.profile.gender"),
            .init("tier", \SFUser.tier, key: "data.profile.tier", transform: SFTier.transform),
            .init("joined", \SFUser.joined, key: "data.joined", transform: .date(format: "yyyy-MM-dd HH:mm:ss")),
            .init("mutableItems", \SFUser.mutableItems), .init("immutableItems", \SFUser.immutableItems),
            .init("settings", \SFUser.settings),
        ]
    }
}

/// A subclass that inherits every mapping and overrides one.
private final class SFAdmin: SFUser {
    var level = 0

    override class var properties: [JastorProperty] {
        [.init("login", \SFAdmin.login, key: "data.profile.adminLogin"), .init("level", \SFAdmin.level)]
    }
}

/// A gender-like type nobody registered a transform for.
private enum Unregistered: JastorValue {
    case something
}

private final class HasUnregistered: JastorObject {
    var value = Unregistered.something

    override class var properties: [JastorProperty] { [.init("value", \HasUnregistered.value)] }
}

/// Registered transforms, ported from SFObjectMapping's examples: key paths, item arrays, global and
/// per-property transformers.
@Suite struct TransformRegistrationTests {
    init() {
        JastorTransform.table(["female": SFGender.female, "male": .male]).registerAsDefault()
    }

    @Test func userFromKeyPathsWithTransformers() throws {
        var issues: [JastorIssue] = []
        let user = SFUser(dictionary: try Fixtures.dictionary("user_sfobjectmapping"), issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(user.login == "jappleseed")
        #expect(user.gender == .female)
        #expect(user.tier == SFTier(isPremium: true))
        #expect(user.joined == Date(timeIntervalSince1970: 1_368_793_800), "2013-05-17 12:30:00 UTC")
        #expect(user.mutableItems.map(\.title) == ["first", "second"])
        #expect(user.immutableItems.map(\.title) == ["third"])
        #expect(user.settings != nil, "a nested object is created even when its class maps nothing")
    }

    @Test func transformersWriteBack() throws {
        let user = SFUser(dictionary: try Fixtures.dictionary("user_sfobjectmapping"))
        user.tier = SFTier(isPremium: false)
        user.gender = .male
        let output = user.toDictionary()
        let profile = try #require(JastorPath("data.profile").value(in: output) as? [String: Any])
        #expect(profile["gender"] as? String == "male")
        #expect(profile["tier"] as? String == "normal")
        #expect(JastorPath("data.joined").value(in: output) as? String == "2013-05-17 12:30:00")
        #expect(SFUser(dictionary: output) == user)
    }

    @Test func unknownTableValuesAreInvalid() {
        var issues: [JastorIssue] = []
        let user = SFUser(
            dictionary: ["data": ["profile": ["gender": "other", "tier": "gold"]]], issues: &issues)
        #expect(user.gender == .male)
        #expect(
            issues.map(\.description) == [
                #"data.profile.gender: expected SFGender, found String "other""#,
                #"data.profile.tier: expected SFTier (premium or normal), found String "gold""#,
            ])
        #expect(issues.allSatisfy { $0.kind == .invalidValue })
    }

    @Test func subclassInheritsAndOverridesMappings() throws {
        var json = try Fixtures.dictionary("user_sfobjectmapping")
        json["data"] = ["profile": ["login": "ignored", "adminLogin": "root", "gender": "female"]]
        json["level"] = 3
        let admin = SFAdmin(dictionary: json)
        #expect(admin.login == "root")
        #expect(admin.level == 3)
        #expect(admin.gender == .female)
        #expect(admin.mutableItems.count == 2)
        #expect(SFAdmin.declarationIssues.isEmpty)
    }

    @Test func aTypeWithNoTransformIsADeclarationProblem() {
        let message =
            "HasUnregistered.value: expected a transform for Unregistered (transform: or registerAsDefault()), "
            + "found an empty JastorValue conformance"
        #expect(HasUnregistered.declarationIssues.map(\.description) == [message])
        let error = #expect(throws: JastorError.self) { try HasUnregistered(validating: ["value": "x"]) }
        #expect(error?.description == message)
        #expect(error?.issues.first?.kind == .invalidDeclaration)
        #expect(HasUnregistered(dictionary: ["value": "x"]).toDictionary().isEmpty, "not written as null either")
    }
}
