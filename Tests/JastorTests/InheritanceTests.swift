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
}
