import Foundation

/// `Codable` for every model, by the JSON mapping rules: the model is written as `toDictionary()`
/// writes it, into the library's JSON tree, which encodes itself; decoding reads the decoder's
/// value into that tree and maps it as `init(validating:)` maps a dictionary (JSON keys, key
/// strategy, transforms, each class's key policy; a `$class` key is an ordinary, unmapped key).
enum CodableBridge {
    /// Fills `model` from a decoder; any issue becomes a `DecodingError` at its coding path.
    ///
    /// `init(from:)` fills the instance the decoder made, of the class it was asked for: when that
    /// class's ``JastorObject/modelClass(for:)`` picks another for the object, the model cannot
    /// become it, and that is an error saying so (``JastorPolymorphic`` builds the class picked).
    static func decode(_ model: JastorObject, from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        var context = MappingContext(policy: .creating)
        if case .object(let object) = value {
            MappingEngine.recordClassPicked(
                for: object, insteadOf: type(of: model),
                by: "the class Decodable builds here (declare the property "
                    + "@JastorPolymorphic, or decode JastorPolymorphic<\(type(of: model))>,", context: &context)
        }
        // Created from JSON, as `init(validating:)` creates it: the classes' key policies apply.
        if context.issues.isEmpty { MappingEngine.map(value, into: model, by: .storage, context: &context) }
        if let error = decodingError(for: context, at: decoder.codingPath) { throw error }
    }

    /// The error for a run's issues, at the coding path of the first; `nil` when there are none.
    ///
    /// An issue about the data is placed at its path below `codingPath`; a declaration issue, which
    /// names a class and a property rather than a place in the data, at `codingPath` itself (the
    /// value being decoded), its message naming the class and the property.
    static func decodingError(for context: MappingContext, at codingPath: [any CodingKey]) -> DecodingError? {
        let issues = context.issues
        guard let first = issues.first else { return nil }
        let error = JastorError(issues: issues)
        let below = context.firstIssueIsInTheData ? first.path.components.map(CodingPathKey.init) : []
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath + below, debugDescription: error.description, underlyingError: error))
    }

    /// The model as `toDictionary()` writes it, as a JSON tree for `encoder`; fails on a cycle, on
    /// what JSON cannot hold, on an untyped `Decimal` that `encoder` would write as text
    /// (which reads back as a `String`), and, for `PropertyListEncoder`, on two strings or keys
    /// Swift calls equal but spelled otherwise (``PropertyListStrings``), which it writes as one.
    static func codableValue(of model: JastorObject, for encoder: any Encoder) throws(JastorError) -> JSONValue {
        try codableValue(for: encoder) { MappingEngine.encode(model, declaredType: type(of: model), context: &$0) }
    }

    /// What `write` writes for `encoder`, by the rules of ``codableValue(of:for:)``.
    static func codableValue(
        for encoder: any Encoder, _ write: (inout EncodingContext) -> JSONValue
    ) throws(JastorError) -> JSONValue {
        var context = EncodingContext(purpose: .dictionary)
        let byJSONEncoder = JSONValue.isFoundationCoder(encoder, named: "JSON")
        context.untypedDecimalIsWrittenAsText = { JSONValue.writesAsText($0, byJSONEncoder: byJSONEncoder) }
        let value = write(&context)
        guard context.issues.isEmpty else { throw JastorError(issues: context.issues) }
        if JSONValue.isFoundationCoder(encoder, named: "Plist"), let issue = PropertyListStrings.respelling(in: value) {
            throw JastorError(issues: [issue])
        }
        return value
    }
}
