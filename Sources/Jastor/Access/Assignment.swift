import Foundation

/// How a mapped value is stored into its property.
enum Assignment {
    /// Into the property's storage, as an initialiser does: the fast way, for models Jastor
    /// has just created. Property observers (`didSet`) do not run, as in any initialiser.
    case storage
    /// Through the property's setter, so that observers and overrides run: for
    /// ``JastorObject/update(with:)`` on a model the caller already holds.
    case setter
}
