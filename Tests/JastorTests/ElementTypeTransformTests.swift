import Foundation
import Jastor
import Testing

// An `arrayElementTypes` entry for a property read through a transform: the transform builds the
// array itself, so the entry cannot apply, though the array could hold the class it names.

private class Creature: JastorObject {
    var name = ""

    override class var properties: [JastorProperty] { register(\.name) }
}

private final class Bird: Creature {
    var wingspan = 0.0

    override class var properties: [JastorProperty] { register(\.wingspan) }
}

private final class Aviary: JastorObject {
    var creatures: [Creature] = []

    override class var properties: [JastorProperty] {
        register {
            property(
                \.creatures,
                transform: JastorTransform(
                    decode: { ($0 as? [Any])?.map { _ in Creature() } }, encode: { $0.map { $0.toDictionary() } }))
        }
    }
    override class var arrayElementTypes: [String: JastorObject.Type] { ["creatures": Bird.self] }
}

@Suite struct ElementTypeTransformTests {
    @Test func anEntryForATransformedPropertyNamesTheTransform() {
        #expect(
            Aviary.declarationIssues.map(\.description) == [
                "Aviary.creatures: expected a property read by its type's rules for arrayElementTypes, found Bird in "
                    + "arrayElementTypes for one read through its closure transform to Array<Creature>"
            ])
    }
}
