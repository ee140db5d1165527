/// A mistake in the rules a property's type maps by, found when its class's plan is built and
/// reported as an `.invalidDeclaration` issue at the class and property.
struct DeclarationMistake: Sendable, Equatable {
    /// What a correct declaration has.
    let expected: String
    /// What this one has.
    let found: String

    /// A type with neither built-in rules nor a transform (an empty ``JastorValue`` conformance).
    static func typeWithoutRules(_ typeName: String) -> DeclarationMistake {
        DeclarationMistake(
            expected: "a transform for \(typeName) (transform: or registerAsDefault())",
            found: "an empty JastorValue conformance")
    }

    /// An optional of an optional (`Int??`): JSON has one `null`, so `.some(nil)` and `nil` would
    /// write the same and read back the same.
    static func nestedOptional(_ type: Any.Type) -> DeclarationMistake {
        DeclarationMistake(
            expected: "one level of Optional (JSON has one null, so .some(nil) would read back as nil)",
            found: TypeName.short(type))
    }

    /// An optional of a type that writes `null` for a value of its own (a `RawRepresentable` whose
    /// raw value is an optional): `.some` of that value would read back as `nil`.
    static func optionalOfNullWriter(_ type: Any.Type, wrappedName: String) -> DeclarationMistake {
        DeclarationMistake(
            expected: nestedOptional(type).expected,
            found: "\(TypeName.short(type)), whose \(wrappedName) writes null too")
    }

    /// A property holding a model that does not keep it (`weak` or `unowned`): a model mapped
    /// into it would be released at once (and an `unowned` one trap at the next read).
    static func propertyKeepsNoModel(_ type: JastorObject.Type) -> DeclarationMistake {
        DeclarationMistake(
            expected: "a property that keeps the \(type) it is given (a strong reference)",
            found: "one that does not (weak or unowned): list it with ignored(_:)")
    }
}
