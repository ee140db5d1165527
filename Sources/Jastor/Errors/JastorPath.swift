/// The way from the root of a JSON value to one element inside it.
///
/// A path is a list of components, each a dictionary key or an array index. It renders the way a
/// reader would write it, so an error can point straight at the offending value:
///
/// ```swift
/// let path: JastorPath = [.key("statuses"), .index(3), .key("user"), .key("id")]
/// print(path)  // statuses[3].user.id
/// ```
public struct JastorPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step of a ``JastorPath``: a key into an object or an index into an array.
    public enum Component: Sendable, Hashable, CustomStringConvertible {
        /// A key into a JSON object (or the name of a model property).
        case key(String)
        /// A zero-based index into a JSON array.
        case index(Int)

        /// The component as it appears in a rendered path: `user` or `[3]`.
        public var description: String {
            switch self {
            case .key(let key): key
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// The steps from the root, outermost first.
    public var components: [Component]

    /// Creates a path from its components, outermost first.
    ///
    /// ```swift
    /// let path = JastorPath([.key("user"), .key("id")])
    /// ```
    ///
    /// - Parameter components: The steps from the root.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Creates a path from an array literal of components.
    ///
    /// ```swift
    /// let path: JastorPath = [.key("children"), .index(0)]
    /// ```
    ///
    /// - Parameter elements: The steps from the root.
    public init(arrayLiteral elements: Component...) {
        self.components = elements
    }

    /// The path as `statuses[3].user.id`; the empty path renders as `<root>`.
    public var description: String {
        guard !components.isEmpty else { return "<root>" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index:
                text += component.description
            }
        }
        return text
    }
}
