import Foundation
import Jastor
import Testing

private final class Identified: JastorObject {
    var objectId: Int64 = 0
    var name = ""

    override class var properties: [JastorProperty] {
        [.init("objectId", \Identified.objectId), .init("name", \Identified.name)]
    }
}

private final class HasBothIds: JastorObject {
    var id = ""
    var objectId = ""

    override class var properties: [JastorProperty] {
        [.init("id", \HasBothIds.id), .init("objectId", \HasBothIds.objectId)]
    }
}

private class Shelf: JastorObject {
    var items: [Animal] = []
    var loose: [Any] = []

    override class var properties: [JastorProperty] { [.init("items", \Shelf.items), .init("loose", \Shelf.loose)] }
    override class var arrayElementTypes: [String: JastorObject.Type] {
        ["items": Dog.self, "loose": ProductCategory.self]
    }
}

private class SecretKeeper: JastorObject {
    private var secret = "base"
    var keeperSecret: String {
        get { secret }
        set { secret = newValue }
    }
    override class var properties: [JastorProperty] { [.init("secret", \SecretKeeper.secret)] }
}

/// Its own `secret`, registered under another key.
private final class SecretRegisteringSub: SecretKeeper {
    private var secret = "sub"
    var subSecret: String { secret }
    override class var properties: [JastorProperty] {
        [.init("secret", \SecretRegisteringSub.secret, key: "subSecret")]
    }
}

/// Its own `secret`, left unregistered.
private final class SecretShadowingSub: SecretKeeper {
    private var secret = "unregistered"
    var shadow: String { secret }
}

/// Its own `secret`, listed with `ignored(_:)` as a cache.
private final class SecretIgnoringSub: SecretKeeper {
    private var secret = "own cache"
    var cache: String { secret }
    override class var properties: [JastorProperty] { [.ignored("secret", \SecretIgnoringSub.secret)] }
}

/// `SecretKeeper` registered with the short form, whose key path `\.secret` is rooted at the class
/// being mapped (`Self`): a subclass's, when a subclass is mapped.
private class ShortSecretKeeper: JastorObject {
    private var secret = "base"
    var keeperSecret: String {
        get { secret }
        set { secret = newValue }
    }
    override class var properties: [JastorProperty] { register(\.secret) }
}

/// Its own `secret`, left unregistered.
private final class ShortSecretShadowingSub: ShortSecretKeeper {
    private var secret = "unregistered"
    var shadow: String { secret }
}

/// Its own `secret`, listed with `ignored(_:)` as a cache.
private final class ShortSecretIgnoringSub: ShortSecretKeeper {
    private var secret = "own cache"
    var cache: String { secret }
    override class var properties: [JastorProperty] { register { ignored(\.secret) } }
}

/// Its own `secret`, registered under another key.
private final class ShortSecretRegisteringSub: ShortSecretKeeper {
    private var secret = "sub"
    var subSecret: String { secret }
    override class var properties: [JastorProperty] { register { property(\.secret, key: "subSecret") } }
}

private class UnderscoredCounter: JastorObject {
    var _count = 0
    override class var properties: [JastorProperty] { register(\._count) }
}

/// Its own `count` beside the base's `_count`, which is the property `count`.
private final class CountingSub: UnderscoredCounter {
    var count = 0
    override class var properties: [JastorProperty] { register { property(\.count, key: "subCount") } }
}

/// A subclass of a subclass maps every level; Jastor's `objectId` convention.
@Suite struct InheritanceTests {
    @Test func threeLevelsMapEveryLevel() throws {
        var issues: [JastorIssue] = []
        let puppy = Puppy(dictionary: try Fixtures.dictionary("dog"), issues: &issues)
        #expect(issues.isEmpty)
        #expect(puppy.name == "Rex")
        #expect(puppy.legs == 3)
        #expect(puppy.breed == "collie")
        #expect(puppy.ageInWeeks == 9)
    }

    @Test func everyLevelWritesBackInDeclarationOrder() throws {
        let puppy = Puppy(dictionary: try Fixtures.dictionary("dog"))
        #expect(try Fixtures.canonical(puppy.toDictionary()) == Fixtures.canonical(Fixtures.dictionary("dog")))
        #expect(
            puppy.description.hasPrefix("Puppy(\n  name: \"Rex\",\n  legs: 3,\n  breed: \"collie\",\n  ageInWeeks: 9"))
    }

    @Test func aMiddleClassMapsItsOwnLevels() throws {
        let dog = Dog(dictionary: try Fixtures.dictionary("dog"))
        #expect(dog.name == "Rex")
        #expect(dog.breed == "collie")
    }

    @Test func idKeyFillsObjectId() {
        let model = Identified(dictionary: ["id": 505_874_924_095_815_681 as Int64, "name": "x"])
        #expect(model.objectId == 505_874_924_095_815_681)
        #expect(model.toDictionary()["id"] as? Int == 505_874_924_095_815_681)
        #expect(model.toDictionary()["objectId"] == nil)
    }

    @Test func aClassWithItsOwnIdKeepsBothKeys() {
        let model = HasBothIds(dictionary: ["id": "a", "objectId": "b"])
        #expect(model.id == "a")
        #expect(model.objectId == "b")
    }

    @Test func arrayElementTypesBuildsASubclassOrFillsAnUntypedArray() throws {
        let shelf = Shelf(dictionary: ["items": [["name": "Rex", "breed": "collie"]], "loose": [["name": "toys"]]])
        let dog = shelf.items.first as? Dog
        #expect(dog?.breed == "collie")
        #expect((shelf.loose.first as? ProductCategory)?.name == "toys")
        #expect(
            try Fixtures.canonical(shelf.toDictionary())
                == #"{"items":[{"breed":"collie","legs":4,"name":"Rex"}],"loose":[{"name":"toys"}]}"#)
    }

    /// A subclass's own unregistered field named as a registered base field is reported as
    /// unregistered, and the base's field keeps its key and storage.
    @Test func anUnregisteredSubclassFieldNamedAsABaseFieldIsLeftAlone() throws {
        #expect(
            SecretShadowingSub.declarationIssues.map(\.description) == [
                "SecretShadowingSub.secret: expected a registration in SecretShadowingSub.properties, "
                    + "found an unregistered stored property"
            ])
        var issues: [JastorIssue] = []
        let model = SecretShadowingSub(dictionary: ["secret": "x"], issues: &issues)
        #expect(model.keeperSecret == "x" && model.shadow == "unregistered", "\(model.keeperSecret) \(model.shadow)")
        #expect(issues == SecretShadowingSub.declarationIssues, "\(issues)")
        #expect(try Fixtures.canonical(model.toDictionary()) == #"{"secret":"x"}"#)
    }

    /// A subclass's own registered field named as a base field: registrations cannot tell the two
    /// apart, so the declaration names both and neither is mapped.
    @Test func aRegisteredSubclassFieldNamedAsABaseFieldIsADeclarationIssue() {
        #expect(
            SecretRegisteringSub.declarationIssues.map(\.description) == [
                "SecretRegisteringSub.secret: expected one stored property named secret in SecretRegisteringSub "
                    + "and its superclasses (registrations tell properties apart by name; rename one), "
                    + "found SecretKeeper.secret and SecretRegisteringSub.secret, both left out"
            ])
        let model = SecretRegisteringSub(dictionary: ["secret": "b", "subSecret": "s"])
        #expect(model.keeperSecret == "base" && model.subSecret == "sub")
        var issues: [JastorIssue] = []
        _ = model.toDictionary(issues: &issues)
        #expect(issues.map(\.path.description) == ["SecretRegisteringSub.secret"], "\(issues)")
    }

    /// `ignored(_:)` on a subclass's own field named as a base field leaves that field alone; the
    /// base's field keeps its registration, key and value in every output.
    @Test func anIgnoredSubclassFieldNamedAsABaseFieldLeavesTheBasesPropertyMapped() throws {
        #expect(SecretIgnoringSub.declarationIssues.isEmpty, "\(SecretIgnoringSub.declarationIssues)")
        var issues: [JastorIssue] = []
        let model = try SecretIgnoringSub(json: Data(#"{"secret": "x"}"#.utf8), issues: &issues)
        #expect(issues.isEmpty && model.keeperSecret == "x" && model.cache == "own cache", "\(issues)")
        #expect(try Fixtures.canonical(model.toDictionary()) == #"{"secret":"x"}"#)
        for format in [JastorArchiveFormat.json, .binaryPropertyList] {
            let back = try SecretIgnoringSub.unarchive(from: try model.archivedData(format: format))
            #expect(back.keeperSecret == "x" && back.cache == "own cache" && back == model, "\(format)")
        }
        let decoded = try JSONDecoder().decode(SecretIgnoringSub.self, from: try JSONEncoder().encode(model))
        #expect(decoded.keeperSecret == "x")
    }

    /// A subclass's `count` beside a base's `_count` (the property `count`) would rename the base's
    /// property `_count`, moving its key: reported instead.
    @Test func aSubclassCountBesideABaseUnderscoreCountIsADeclarationIssue() {
        #expect(
            CountingSub.declarationIssues.map(\.description) == [
                "CountingSub.count: expected one stored property named count in CountingSub "
                    + "and its superclasses (registrations tell properties apart by name; rename one), "
                    + "found UnderscoredCounter._count and CountingSub.count, both left out"
            ])
        #expect(UnderscoredCounter.declarationIssues.isEmpty)
        #expect(UnderscoredCounter(dictionary: ["count": 3])._count == 3)
    }

    /// A base registering with the short form beside a subclass's field of the same name acts as
    /// the long form.
    ///
    /// The short form (`register(\.secret)`) beside a subclass's own `secret` behaves as the long
    /// form (`\SecretKeeper.secret`) does: unregistered, the
    /// subclass's field is reported and left alone; ignored, it is left alone quietly; registered,
    /// both are one declaration issue. The base's field keeps its key and value.
    @Test func aShortFormBaseRegistrationBesideASubclassFieldOfItsNameActsAsTheLongForm() throws {
        #expect(ShortSecretKeeper.declarationIssues.isEmpty, "\(ShortSecretKeeper.declarationIssues)")
        #expect(
            ShortSecretShadowingSub.declarationIssues.map(\.description) == [
                "ShortSecretShadowingSub.secret: expected a registration in ShortSecretShadowingSub.properties, "
                    + "found an unregistered stored property"
            ])
        var issues: [JastorIssue] = []
        let shadowing = ShortSecretShadowingSub(dictionary: ["secret": "x"], issues: &issues)
        #expect(
            shadowing.keeperSecret == "x" && shadowing.shadow == "unregistered",
            "\(shadowing.keeperSecret) \(shadowing.shadow)")
        #expect(issues == ShortSecretShadowingSub.declarationIssues, "\(issues)")
        #expect(try Fixtures.canonical(shadowing.toDictionary()) == #"{"secret":"x"}"#)

        #expect(ShortSecretIgnoringSub.declarationIssues.isEmpty, "\(ShortSecretIgnoringSub.declarationIssues)")
        var quiet: [JastorIssue] = []
        let ignoring = try ShortSecretIgnoringSub(json: Data(#"{"secret": "x"}"#.utf8), issues: &quiet)
        #expect(quiet.isEmpty && ignoring.keeperSecret == "x" && ignoring.cache == "own cache", "\(quiet)")
        #expect(try Fixtures.canonical(ignoring.toDictionary()) == #"{"secret":"x"}"#)
        for format in [JastorArchiveFormat.json, .binaryPropertyList] {
            let back = try ShortSecretIgnoringSub.unarchive(from: try ignoring.archivedData(format: format))
            #expect(back.keeperSecret == "x" && back.cache == "own cache" && back == ignoring, "\(format)")
        }
        let decoded = try JSONDecoder().decode(ShortSecretIgnoringSub.self, from: try JSONEncoder().encode(ignoring))
        #expect(decoded.keeperSecret == "x")

        #expect(
            ShortSecretRegisteringSub.declarationIssues.map(\.description) == [
                "ShortSecretRegisteringSub.secret: expected one stored property named secret in "
                    + "ShortSecretRegisteringSub and its superclasses (registrations tell properties apart by name; "
                    + "rename one), found ShortSecretKeeper.secret and ShortSecretRegisteringSub.secret, both left out"
            ])
    }
}
