import Foundation

/// What a ``JSONSource`` holds at one position: a scalar, an object, an array, or something
/// that is not JSON at all (a `Date` inside a hand-built `[String: Any]`, say).
///
/// The kind carries no container contents (those come from ``JSONSource/object`` and
/// ``JSONSource/elements``), so it is one concrete type for every source: generic engine code
/// can switch over it without asking the runtime for a generic type's metadata on every value.
enum JSONKind {
    case scalar(JSONScalar)
    case object
    case array
    case unsupported(typeName: String)
}

extension JSONKind {
    /// What was found, for an issue: `String "abc"`, `Number 300`, `Object`, `null`.
    var summary: String {
        switch self {
        case .scalar(let scalar): scalar.summary
        case .object: "Object"
        case .array: "Array"
        case .unsupported(let typeName): "\(typeName) (not a JSON value)"
        }
    }
}
