import Foundation

extension JastorObject {
    // MARK: Updating in place

    /// How ``update(with:nestedModels:)`` treats a nested model the JSON has an object for.
    ///
    /// ```swift
    /// issue.update(with: patch, nestedModels: .replace)
    /// ```
    public enum NestedModelUpdate: Sendable, Hashable {
        /// Fill the model the property already holds, in place: keys the object lacks keep their
        /// values (the default). A property holding `nil` gets a new model; arrays and dictionaries
        /// of models are replaced whole, their elements having no identity to merge by.
        case merge
        /// Build a new model from the object, as the initialisers do, and assign it.
        case replace
    }

    /// Sets the properties whose keys `dictionary` has, leniently, and leaves every other
    /// property as it is (as MAXJsonAdapter's `refreshObject`).
    ///
    /// Values are assigned through the properties' setters, so `willSet`/`didSet` observers run
    /// (the initialisers write storage directly, as Swift initialisers do). A nested model the
    /// dictionary has an object for is updated in place, recursively, unless `nestedModels` is
    /// `.replace`; arrays of models are replaced whole (see ``NestedModelUpdate``). Required keys
    /// and the class's ``JastorKeyPolicy`` do not apply: a patch is partial by nature.
    ///
    /// ```swift
    /// user.update(with: ["phoneNumber": "5550100"])
    /// issue.update(with: ["milestone": ["state": "closed"]])  // keeps milestone.number and .creator
    /// ```
    ///
    /// - Parameters:
    ///   - dictionary: A JSON object with some of the model's keys.
    ///   - nestedModels: Whether nested models are merged into (the default) or replaced.
    public final func update(with dictionary: [String: Any], nestedModels: NestedModelUpdate = .merge) {
        var issues: [JastorIssue] = []
        update(with: dictionary, nestedModels: nestedModels, issues: &issues)
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
    ///   - nestedModels: Whether nested models are merged into (the default) or replaced.
    ///   - issues: Receives every value that was skipped.
    public final func update(
        with dictionary: [String: Any], nestedModels: NestedModelUpdate = .merge, issues: inout [JastorIssue]
    ) {
        var context = MappingContext(policy: .updating(nestedModels: nestedModels))
        MappingEngine.fill(self, from: FoundationObject(dictionary: dictionary), by: .setter, context: &context)
        issues += context.issues
    }

    /// Maps `dictionary` onto `self`, as an initialiser, adding what did not fit to `issues`.
    final func fill(from dictionary: [String: Any], by assignment: Assignment, issues: inout [JastorIssue]) {
        var context = MappingContext(policy: assignment == .storage ? .creating : .filling)
        let object = FoundationObject(dictionary: dictionary)
        Self.recordClassPicked(for: object, insteadOf: type(of: self), context: &context)
        MappingEngine.fill(self, from: object, by: assignment, context: &context)
        issues += context.issues
    }

    /// Records that the class's hook picks another class for the object an initialiser maps,
    /// which the initialiser cannot build (the model is filled as its own class, leniently).
    private static func recordClassPicked(
        for object: some FoundationMemberLookup, insteadOf modelType: JastorObject.Type, context: inout MappingContext
    ) {
        let name = TypeName.short(modelType)
        MappingEngine.recordClassPicked(
            for: object, insteadOf: modelType,
            by: "the class this initialiser builds (map the object in an [\(name)], or decode "
                + "JastorPolymorphic<\(name)>,", context: &context)
    }

    /// Reads `json` with the library's reader and maps it onto `self`, returning the issues.
    ///
    /// - Throws: ``JastorError`` when the bytes are not JSON or not an object.
    final func fill(fromJSON json: Data) throws(JastorError) -> [JastorIssue] {
        try JSONReader.withDocument(reading: json) { document throws(JastorError) in
            let root = DocumentValue(document: document, index: 0)
            try StrictMapping.Root.object.check(root, for: type(of: self))
            var context = MappingContext(policy: .creating)
            Self.recordClassPicked(for: root.object, insteadOf: type(of: self), context: &context)
            MappingEngine.map(root, into: self, by: .storage, context: &context)
            root.reportRepairs(context: &context)
            return context.issues
        }
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
        var context = MappingContext(policy: .creating)
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
        try StrictMapping.throwIfAny(issues)
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
        var issues: [JastorIssue] = []
        try self.init(json: json, issues: &issues)
    }

    /// Parses UTF-8 JSON holding an array of objects and maps it, leniently, and reports what did
    /// not fit (`[2].age: …`).
    ///
    /// ```swift
    /// var issues: [JastorIssue] = []
    /// let people = try [Person](json: data, issues: &issues)
    /// ```
    ///
    /// - Parameters:
    ///   - json: The bytes of a JSON array.
    ///   - issues: Receives every value that was skipped, each path starting with its index.
    /// - Throws: ``JastorError`` when the bytes are not JSON (`.invalidJSON`) or not an array.
    public init(json: Data, issues: inout [JastorIssue]) throws {
        let (models, found) = try JSONReader.withDocument(reading: json) { document throws(JastorError) in
            let root = DocumentValue(document: document, index: 0)
            var context = MappingContext(policy: .creating)
            try StrictMapping.Root.array.check(root, for: Element.self)
            guard let models = ArrayCodec(element: ModelCodec<Element>()).decode(root, context: &context) else {
                throw JastorError(issues: context.issues)
            }
            root.reportRepairs(context: &context)
            return (models, context.issues)
        }
        self = models
        issues += found
    }

    /// Parses UTF-8 JSON holding an array of objects and maps it strictly.
    ///
    /// ```swift
    /// let people = try [Person](validatingJSON: data)
    /// ```
    ///
    /// - Parameter json: The bytes of a JSON array.
    /// - Throws: ``JastorError`` with every issue, when the bytes are not JSON, not an array, or
    ///   hold a value that does not fit.
    public init(validatingJSON json: Data) throws {
        var issues: [JastorIssue] = []
        try self.init(json: json, issues: &issues)
        try StrictMapping.throwIfAny(issues)
    }

    /// Parses a JSON string holding an array of objects and maps it, leniently.
    ///
    /// ```swift
    /// let people = try [Person](jsonString: #"[{"name": "Ann"}]"#)
    /// ```
    ///
    /// - Parameter jsonString: The text of a JSON array.
    /// - Throws: ``JastorError`` when the text is not JSON (`.invalidJSON`) or not an array.
    public init(jsonString: String) throws {
        try self.init(json: Data(jsonString.utf8))
    }

    /// Parses a JSON string holding an array of objects and maps it, leniently, and reports what
    /// did not fit.
    ///
    /// ```swift
    /// var issues: [JastorIssue] = []
    /// let people = try [Person](jsonString: text, issues: &issues)
    /// ```
    ///
    /// - Parameters:
    ///   - jsonString: The text of a JSON array.
    ///   - issues: Receives every value that was skipped, each path starting with its index.
    /// - Throws: ``JastorError`` when the text is not JSON (`.invalidJSON`) or not an array.
    public init(jsonString: String, issues: inout [JastorIssue]) throws {
        try self.init(json: Data(jsonString.utf8), issues: &issues)
    }

    /// Parses a JSON string holding an array of objects and maps it strictly.
    ///
    /// ```swift
    /// let people = try [Person](validatingJSONString: #"[{"name": "Ann"}]"#)
    /// ```
    ///
    /// - Parameter jsonString: The text of a JSON array.
    /// - Throws: ``JastorError`` with every issue, when the text is not JSON, not an array, or
    ///   holds a value that does not fit.
    public init(validatingJSONString jsonString: String) throws {
        try self.init(validatingJSON: Data(jsonString.utf8))
    }
}
