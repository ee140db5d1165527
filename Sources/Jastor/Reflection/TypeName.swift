/// A type's name as `String(describing:)` and `String(reflecting:)` print a metatype, asked of the
/// runtime directly.
///
/// Printing a metatype through `String(describing:)` builds a `Mirror` of it first (the standard
/// library's ad hoc printing), code nothing else in mapping runs; the plan builder names every
/// class it plans (Performance, "Peak memory (11)").
enum TypeName {
    /// The name without modules: `Product`, `Box<Item>`; what `String(describing: type)` prints.
    static func short(_ type: Any.Type) -> String {
        _typeName(type, qualified: false)
    }

    /// The full name: `MyApp.Product`; what `String(reflecting: type)` prints.
    static func qualified(_ type: Any.Type) -> String {
        _typeName(type, qualified: true)
    }
}
