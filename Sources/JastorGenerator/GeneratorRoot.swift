/// The samples of one document (an API endpoint's responses) and the class its root becomes.
///
/// ```swift
/// let root = GeneratorRoot(name: "Issue", isArray: true, samples: [try Sample(name: "issues.json", text: text)])
/// ```
public struct GeneratorRoot: Sendable {
    /// The root class's name: the class of the root object, or of the root array's elements.
    public var name: String
    /// Whether the root must be an array (`issues.json:[Issue]` on the command line).
    public var isArray: Bool
    /// The samples, merged as samples of the same document.
    public var samples: [Sample]

    /// A root named `name` for `samples`.
    ///
    /// ```swift
    /// let root = GeneratorRoot(name: "Repository", samples: [repository])
    /// ```
    ///
    /// - Parameters:
    ///   - name: The root class's name.
    ///   - isArray: Whether the root must be an array of objects.
    ///   - samples: The samples of the document.
    public init(name: String, isArray: Bool = false, samples: [Sample]) {
        self.name = name
        self.isArray = isArray
        self.samples = samples
    }
}
