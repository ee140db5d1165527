import Foundation

/// The class of a model written into a ``JSONObject``.
struct ModelTag: Hashable {
    /// The model's dynamic class: its archive name in archives (`Product`), else as
    /// `String(reflecting:)` spells it (`MyApp.Product`).
    let className: String
    /// Whether the class differs from the one the reading side expects at this position, in
    /// which case an archive records it so that the same class comes back.
    let differsFromDeclaredType: Bool
    /// In archives, the model's number, or minus the number of the model it stands for.
    ///
    /// Models are numbered from 1 in writing order; an object standing for a model written whole
    /// before holds minus its number; 0 when none (``ArchiveIdentities``). 32 bits, so that the
    /// tag, and every ``JSONValue``, stays as small as before it.
    var identity: Int32 = 0

    /// The model's number, or the number of the model the object stands for.
    var number: Int? { identity == 0 ? nil : Int(identity.magnitude) }
    /// Whether the object stands for the model numbered ``number``, written whole before.
    var isReference: Bool { identity < 0 }
}
