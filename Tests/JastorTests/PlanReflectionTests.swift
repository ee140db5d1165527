import Foundation
import Testing

@testable import Jastor

private final class Owner: JastorObject {
    var name = ""

    override class var properties: [JastorProperty] { [.init("name", \Owner.name)] }
}

@propertyWrapper
private struct ReflectedText {
    var wrappedValue: String
}

private class Base: JastorObject {
    var id = 0
    weak var owner: Owner?
    var tags: [String] = []

    override class var properties: [JastorProperty] {
        [.init("id", \Base.id), .init("owner", \Base.owner), .init("tags", \Base.tags)]
    }
}

private final class Derived: Base {
    unowned(unsafe) var keeper: Owner? = nil
    @ReflectedText var title = "t"
    lazy var count = 3
    var nested: Owner? = Owner()
    var score: Double? = 1.5

    override class var properties: [JastorProperty] {
        super.properties + [
            .init("title", \Derived.title), .init("nested", \Derived.nested), .init("score", \Derived.score),
        ]
    }
}

private final class Box<Content: JastorObject>: JastorObject {
    var contents: [Content] = []

    override class var properties: [JastorProperty] { [.init("contents", \Box<Content>.contents)] }
}

/// What the plan builder asks of reflection without `Mirror`'s own initialiser or the standard
/// library's printing: a class's stored fields from the runtime, type names, snake-case keys and
/// archive names without Foundation's search (Performance, "Peak memory (11)").
@Suite struct PlanReflectionTests {
    /// A value's type and, for the simple ones, its text: enough to tell two walks apart.
    private func fingerprint(_ value: Any) -> String {
        if type(of: value) is AnyObject.Type { return "\(type(of: value)) \(ObjectIdentifier(value as AnyObject))" }
        return "\(type(of: value)) \(String(reflecting: value))"
    }

    private func summary(_ walk: (classes: [JastorObject.Type], properties: [StoredProperty])) -> [String] {
        walk.classes.map { "class \(ObjectIdentifier($0))" }
            + walk.properties.map { "\($0.label) \($0.name) \($0.isWrapperStorage) \(fingerprint($0.value))" }
    }

    @Test func runtimeFieldsWalkAsMirrorDoes() {
        let owner = Owner()
        let derived = Derived()
        derived.owner = owner
        derived.keeper = owner
        let models: [JastorObject] = [
            derived, Base(), Owner(), Box<Owner>(), Everything(), Puppy(), Kennel(), Status(),
        ]
        for model in models {
            let walked = StoredPropertyWalker.walk(model)
            let mirrored = StoredPropertyWalker.walkMirror(model)
            #expect(summary(walked) == summary(mirrored), "\(type(of: model))")
        }
        let labels = StoredPropertyWalker.walk(derived).properties.map(\.label)
        #expect(labels == ["id", "owner", "tags", "keeper", "_title", "nested", "score"])
        withExtendedLifetime(owner) {}
    }

    @Test func runtimeFieldsReadWeakFieldsAsMirrorDoes() {
        let derived = Derived()
        do {
            let owner = Owner()
            derived.owner = owner
            let held = StoredPropertyWalker.walk(derived).properties.first { $0.label == "owner" }?.value
            #expect((held as? Owner) === owner)
        }
        let released = StoredPropertyWalker.walk(derived).properties.first { $0.label == "owner" }?.value
        #expect(released != nil)
        #expect(released as? Owner == nil)
    }

    @Test func typeNamesAreThoseThePrintersGive() {
        final class Local: JastorObject {}
        let types: [Any.Type] = [
            Owner.self, Derived.self, Box<Owner>.self, Local.self, Product.self, [Int].self, Int?.self,
        ]
        for type in types {
            #expect(TypeName.short(type) == String(describing: type))
            #expect(TypeName.qualified(type) == String(reflecting: type))
        }
    }

    @Test func asciiSnakeCaseIsTheCharacterOne() {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("PlanReflectionTests.asciiSnakeCaseIsTheCharacterOne seed: \(seed)")
        var random = SeededRandom(seed: seed)
        let alphabet = Array("aAbBzZ09_xXyY.$ \u{7F}")
        let fixed = [
            "", "a", "A", "URL", "avatarURLString", "id2Name", "HTTPServer", "x9Y", "ABc", "aBC", "_private", "A1B2c",
        ]
        let generated = (0..<500).map { _ in
            String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        for name in fixed + generated {
            #expect(JastorKeyStrategy.asciiSnakeCase(name) == JastorKeyStrategy.characterSnakeCase(name), "\(name)")
        }
        #expect(JastorKeyStrategy.convertFromSnakeCase.key(for: "avatarURLString") == "avatar_url_string")
        #expect(JastorKeyStrategy.convertFromSnakeCase.key(for: "caféOwner") == "café_owner")
    }

    @Test func archiveNamesDropEveryPrivateContext() {
        // Both the class and its argument are private: two `(unknown context at $…)` steps.
        #expect(Box<Owner>.archiveName == "Box<Owner>", "\(String(reflecting: Box<Owner>.self))")
        #expect(
            ArchiveIdentity.moduleFreeName("App.(unknown context at $1a2b).Café<App.(unknown context at $3c).Ünï>")
                == "Café<Ünï>")
        #expect(ArchiveIdentity.moduleFreeName("App.(unknown context at $1a2b") == "(unknown context at $1a2b")
        #expect(ArchiveIdentity.firstRange(of: "(extension in ", in: "A.(extension in B):C") != nil)
        #expect(ArchiveIdentity.firstRange(of: "(extension in ", in: "A.(extension in") == nil)
    }
}
