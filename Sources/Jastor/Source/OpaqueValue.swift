import Foundation

/// A non-JSON value carried through untouched; compared by its text (``ValueDescription``).
struct OpaqueValue {
    let value: Any
    var typeName: String { String(describing: type(of: value)) }
}
