import Foundation

/// The class of a model written into a ``JSONObject``.
struct ModelTag: Hashable {
    /// The model's dynamic class: its archive name in archives (`Product`), else as
    /// `String(reflecting:)` spells it (`MyApp.Product`).
    let className: String
    /// Whether the class differs from the one the reading side expects at this position, in
    /// which case an archive records it so that the same class comes back.
    let differsFromDeclaredType: Bool
}
