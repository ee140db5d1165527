import Foundation

extension JastorObject {
    // MARK: JSON text

    /// The model as JSON text: the JSON ``toDictionary()`` describes, written directly.
    ///
    /// Keys, key paths, transforms, directions, kept unmapped keys and left-out defaults are those
    /// of ``toDictionary()``; the text is built by the library's own writer, without a
    /// dictionary on the way, so it costs a fraction of `toDictionary()` plus `JSONSerialization`
    /// (or of `JSONEncoder`). Numbers are written exactly (`Int64.min`, `UInt64.max`, a `Double`'s
    /// shortest round-trip text, a `Decimal`'s every digit, `-0`); the same model writes the same
    /// bytes every time. Members come in declaration order unless you ask for
    /// ``JastorJSONOptions/sortedKeys``; a `[String: Value]` dictionary's in key order.
    ///
    /// ```swift
    /// let data = try product.jsonData()
    /// let copy = try Product(json: data)  // == product
    /// let readable = try product.jsonData(options: [.sortedKeys, .prettyPrinted])
    /// ```
    ///
    /// - Parameter options: The layout: sorted keys, pretty printing, unescaped slashes.
    /// - Returns: UTF-8 JSON text of an object.
    /// - Throws: ``JastorError`` naming the path of each value JSON cannot hold: a non-finite
    ///   `Double` or `Float`, a `Decimal` NaN, a non-JSON value kept in a `[String: Any]`, a
    ///   reference back to an enclosing model, nesting deeper than the mapper follows, or more
    ///   values than ``JastorLimits/maximumValueCount`` (a shared model counted at each place).
    public final func jsonData(options: JastorJSONOptions = []) throws -> Data {
        try JSONTextOutput.data(options: options) { writer, context in
            MappingEngine.writeJSON(self, to: &writer, context: &context)
        }
    }

    /// The model as a JSON string, as ``jsonData(options:)`` writes it.
    ///
    /// ```swift
    /// print(try product.jsonString(options: .prettyPrinted))
    /// ```
    ///
    /// - Parameter options: The layout: sorted keys, pretty printing, unescaped slashes.
    /// - Returns: The JSON text of an object.
    /// - Throws: ``JastorError``, as ``jsonData(options:)`` does.
    public final func jsonString(options: JastorJSONOptions = []) throws -> String {
        String(decoding: try jsonData(options: options), as: UTF8.self)
    }
}

extension Array where Element: JastorObject {
    /// The models as a JSON array, each written as ``JastorObject/jsonData(options:)`` writes it.
    ///
    /// Each element reads back as `Element` or the subclass its ``JastorObject/modelClass(for:)``
    /// picks from the element's JSON (JSON records no class), so an element that would read back as
    /// another class (a `Dog` in an `[Animal]`, when `Animal`'s hook does not pick it) is reported at
    /// its index, as an array property's element is (see <doc:MappingRules>).
    ///
    /// ```swift
    /// let data = try products.jsonData()
    /// let copies = try [Product](json: data)  // == products
    /// ```
    ///
    /// - Parameter options: The layout: sorted keys, pretty printing, unescaped slashes.
    /// - Returns: UTF-8 JSON text of an array.
    /// - Throws: ``JastorError`` naming the path (from the element's index) of each value JSON
    ///   cannot hold, and of each element that would read back as another class.
    public func jsonData(options: JastorJSONOptions = []) throws -> Data {
        try JSONTextOutput.data(options: options) { writer, context in
            // Through the elements' codec, as an `[Element]` property writes them: `[Element](json:)`
            // reads each as `Element`, or the subclass its `modelClass(for:)` picks, so a model
            // that would read back as another class is reported at its index.
            writer.writeArray(self, of: ModelCodec<Element>(), context: &context)
        }
    }

    /// The models as a JSON string, as ``jsonData(options:)`` writes it.
    ///
    /// ```swift
    /// print(try products.jsonString(options: [.sortedKeys, .prettyPrinted]))
    /// ```
    ///
    /// - Parameter options: The layout: sorted keys, pretty printing, unescaped slashes.
    /// - Returns: The JSON text of an array.
    /// - Throws: ``JastorError``, as ``jsonData(options:)`` does.
    public func jsonString(options: JastorJSONOptions = []) throws -> String {
        String(decoding: try jsonData(options: options), as: UTF8.self)
    }
}

/// One JSON text output run: a writer set up by the options, and the issues it found.
enum JSONTextOutput {
    /// The issues a run finds, its text discarded (``JastorObject/toDictionary(issues:)``).
    static func issues(_ body: (inout JSONWriter, inout EncodingContext) -> Void) -> [JastorIssue] {
        var writer = JSONWriter(escapesSlashes: true, isPretty: false, sortsKeys: false)
        var context = EncodingContext(purpose: .dictionary)
        body(&writer, &context)
        return context.issues
    }

    static func data(
        options: JastorJSONOptions, _ body: (inout JSONWriter, inout EncodingContext) -> Void
    ) throws(JastorError) -> Data {
        var writer = JSONWriter(
            escapesSlashes: !options.contains(.withoutEscapingSlashes), isPretty: options.contains(.prettyPrinted),
            sortsKeys: options.contains(.sortedKeys))
        var context = EncodingContext(purpose: .dictionary)
        body(&writer, &context)
        guard context.issues.isEmpty else { throw JastorError(issues: context.issues) }
        return Data(writer.bytes)
    }
}
