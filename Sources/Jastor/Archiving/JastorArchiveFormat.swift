import Foundation

/// The file format of a model archive.
///
/// ```swift
/// try product.archive(to: url, format: .json)
/// ```
public enum JastorArchiveFormat: Sendable, Hashable {
    /// A binary property list: compact and fast.
    case binaryPropertyList
    /// UTF-8 JSON: readable and diffable.
    case json
}
