import Foundation

extension JastorObject {
    // MARK: Updating in place

    /// Sets the properties whose keys `dictionary` has, leniently, and leaves every other
    /// property as it is (as MAXJsonAdapter's `refreshObject`).
    ///
    /// Values are assigned through the properties' setters, so `willSet`/`didSet` observers run
    /// (the initialisers write storage directly, as Swift initialisers do).
    ///
    /// ```swift
    /// user.update(with: ["phoneNumber": "5550100"])
    /// ```
    ///
    /// - Parameter dictionary: A JSON object with some of the model's keys.
    public final func update(with dictionary: [String: Any]) {
        var issues: [JastorIssue] = []
        update(with: dictionary, issues: &issues)
    }

    /// Sets the properties whose keys `dictionary` has, leniently, and reports what did not fit.
    ///
    /// ```swift
    /// var issues: [JastorIssue] = []
    /// user.update(with: patch, issues: &issues)
    /// ```
    ///
    /// - Parameters:
    ///   - dictionary: A JSON object with some of the model's keys.
    ///   - issues: Receives every value that was skipped.
    public final func update(with dictionary: [String: Any], issues: inout [JastorIssue]) {
        fill(from: dictionary, by: .setter, issues: &issues)
    }

    /// Maps `dictionary` onto `self`, adding what did not fit to `issues`.
    final func fill(from dictionary: [String: Any], by assignment: Assignment, issues: inout [JastorIssue]) {
        var context = MappingContext(input: .dictionary)
        MappingEngine.fill(self, from: FoundationObject(dictionary: dictionary), by: assignment, context: &context)
        issues += context.issues
    }

    /// Reads `json` with the library's reader and maps it onto `self`, returning the issues.
    ///
    /// - Throws: ``JastorError`` when the bytes are not JSON or not an object.
    final func fill(fromJSON json: Data) throws(JastorError) -> [JastorIssue] {
        let root = DocumentValue(document: try JSONReader.read(json), index: 0)
        var context = MappingContext(input: .dictionary)
        MappingEngine.map(root, into: self, by: .storage, context: &context)
        guard case .object = root.kind else { throw JastorError(issues: context.issues) }
        return context.issues
    }
}

// MARK: - Root arrays

extension Array where Element: JastorObject {
    /// Maps a JSON array of objects, leniently; an element that is not an object is left out.
    ///
    /// Each element is built as `Element`, or as the subclass its ``JastorObject/modelClass(for:)``
    /// picks (as RPJSONMapper's `objectsFromJSONArray`).
    ///
    /// ```swift
    /// let people = [Person](jsonArray: array)
    /// ```
    ///
    /// - Parameter jsonArray: A JSON array.
    public init(jsonArray: [Any]) {
        var issues: [JastorIssue] = []
        self.init(jsonArray: jsonArray, issues: &issues)
    }

    /// Maps a JSON array of objects, leniently, and reports what did not fit (`[2].age: …`).
    ///
    /// ```swift
    /// var issues: [JastorIssue] = []
    /// let people = [Person](jsonArray: array, issues: &issues)
    /// ```
    ///
    /// - Parameters:
    ///   - jsonArray: A JSON array.
    ///   - issues: Receives every value that was skipped, each path starting with its index.
    public init(jsonArray: [Any], issues: inout [JastorIssue]) {
        var context = MappingContext(input: .dictionary)
        self =
            ArrayCodec(element: ModelCodec<Element>()).decode(FoundationJSON(raw: jsonArray), context: &context) ?? []
        issues += context.issues
    }

    /// Maps a JSON array of objects strictly.
    ///
    /// ```swift
    /// let people = try [Person](validating: array)
    /// ```
    ///
    /// - Parameter array: A JSON array.
    /// - Throws: ``JastorError`` with every issue, each path starting with its index.
    public init(validating array: [Any]) throws {
        var issues: [JastorIssue] = []
        self.init(jsonArray: array, issues: &issues)
        if !issues.isEmpty { throw JastorError(issues: issues) }
    }

    /// Parses UTF-8 JSON holding an array of objects and maps it, leniently.
    ///
    /// ```swift
    /// let people = try [Person](json: data)
    /// ```
    ///
    /// - Parameter json: The bytes of a JSON array.
    /// - Throws: ``JastorError`` when the bytes are not JSON (`.invalidJSON`) or not an array.
    public init(json: Data) throws {
        let root = DocumentValue(document: try JSONReader.read(json), index: 0)
        var context = MappingContext(input: .dictionary)
        guard let models = ArrayCodec(element: ModelCodec<Element>()).decode(root, context: &context),
            case .array = root.kind
        else {
            throw JastorError(issues: [
                JastorIssue(
                    path: [], kind: .typeMismatch, expected: "Array of \(Element.self)", found: root.kind.summary)
            ])
        }
        self = models
    }
}
