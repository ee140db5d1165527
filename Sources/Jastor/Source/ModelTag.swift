import Foundation

/// The class of a model written into a ``JSONObject``.
struct ModelTag: Hashable {
    /// The model's dynamic class: its archive name in archives (`Product`), else as
    /// `String(reflecting:)` spells it (`MyApp.Product`).
    let className: String
    /// Whether the class differs from the one the reading side expects at this position, in
    /// which case an archive records it so that the same class comes back.
    let differsFromDeclaredType: Bool
    /// In archives, the model's number (1 for the first model written, in writing order): a model
    /// held in several places is written whole at the first, with `"$id": number`, and as
    /// `{"$ref": number}` at the others (``ArchiveIdentities``).
    var number: Int? = nil
    /// Whether the object stands for the model numbered ``number``, written whole before.
    var isReference = false
}
