import Foundation

/// How a value is empty, for leaving a property's default out of JSON output (archives write it).
enum Emptiness {
    case notEmpty
    /// `nil`.
    case none
    /// An empty array or dictionary (also inside an optional).
    case emptyCollection
}
