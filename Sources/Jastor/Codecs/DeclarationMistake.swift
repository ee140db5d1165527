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
}
