/// Where strict mapping turns the issues of a run into the ``JastorError`` it throws, and the one
/// check of the kind of value at the top of the input.
enum StrictMapping {
    /// The kind of JSON value an entry point needs at the top.
    enum Root {
        /// A JSON object, for one model.
        case object
        /// A JSON array, for an array of models.
        case array

        /// What the issue of a root of another kind says was expected: `Object for Product`,
        /// `Array of Product`.
        func expectation(for modelType: Any.Type) -> String {
            switch self {
            case .object: "Object for \(modelType)"
            case .array: "Array of \(modelType)"
            }
        }

        /// The issue when `source` is not of this kind, or `nil` when it is.
        func mismatch<Source: JSONSource>(_ source: Source, for modelType: Any.Type) -> JastorIssue? {
            switch (self, source.kind) {
            case (.object, .object), (.array, .array): return nil
            default:
                return JastorIssue(
                    path: [], kind: .typeMismatch, expected: expectation(for: modelType), found: source.kind.summary)
            }
        }

        /// Throws the issue when `source` is not of this kind.
        func check<Source: JSONSource>(_ source: Source, for modelType: Any.Type) throws(JastorError) {
            if let issue = mismatch(source, for: modelType) { throw JastorError(issues: [issue]) }
        }
    }

    /// Throws `issues` as one error when there are any: what every `validating` entry point does
    /// with the issues a lenient run collected.
    static func throwIfAny(_ issues: [JastorIssue]) throws(JastorError) {
        if !issues.isEmpty { throw JastorError(issues: issues) }
    }
}
