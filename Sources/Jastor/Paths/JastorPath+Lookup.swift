import Foundation

extension JastorPath {
    /// The value this path leads to inside parsed JSON, or `nil` when a step is missing or of the
    /// wrong kind (as RPJSONMapper's `childJSONInJSON:usingPath:`).
    ///
    /// The lookup only reads, so an index step also finds an object's key of its digits
    /// (`years.2024` reads `{"years": {"2024": 5}}`), and a key of digits an array's element; a
    /// property's `key:` does not, since output writes an index step as an array (see
    /// <doc:MappingRules>).
    ///
    /// ```swift
    /// let baby = JastorPath(["Animals", 1, "Cat", "Babies", 1]).value(in: json)
    /// ```
    ///
    /// - Parameter json: A value from `JSONSerialization` or built by hand.
    /// - Returns: The value at the end of the path.
    public func value(in json: Any) -> Any? {
        try? requiredValue(in: json)
    }

    /// The value this path leads to inside parsed JSON, or an error naming the step that failed.
    ///
    /// ```swift
    /// let baby = try JastorPath("Animals[1].Cat.Babies[1]").requiredValue(in: json)
    /// ```
    ///
    /// - Parameter json: A value from `JSONSerialization` or built by hand.
    /// - Returns: The value at the end of the path.
    /// - Throws: ``JastorError`` with a `.missingValue` or `.typeMismatch` issue at the failing step.
    public func requiredValue(in json: Any) throws(JastorError) -> Any {
        var current = FoundationJSON(raw: json)
        var walked: [Component] = []
        for component in components {
            guard let next = current.child(at: component) else {
                switch current.kind {
                case .object: throw missing(component, at: walked, in: "Object")
                case .array: throw missing(component, at: walked, in: "Array of \(current.elements.count)")
                case .scalar, .unsupported:
                    let expected = component.arrayIndex == nil ? "Object" : "Object or Array"
                    throw JastorError(issues: [
                        JastorIssue(
                            path: JastorPath(walked), kind: .typeMismatch, expected: expected,
                            found: current.kind.summary)
                    ])
                }
            }
            current = next
            walked.append(component)
        }
        return current.raw
    }

    private func missing(_ component: Component, at walked: [Component], in container: String) -> JastorError {
        let step =
            component.arrayIndex.map { "an element [\($0)]" } ?? "a member \(component.objectKey.debugDescription)"
        return JastorError(issues: [
            JastorIssue(path: JastorPath(walked), kind: .missingValue, expected: step, found: "\(container) without it")
        ])
    }
}
