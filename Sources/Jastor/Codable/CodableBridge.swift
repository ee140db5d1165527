import Foundation

/// `Codable` for every model, by the JSON mapping rules: the model is written as `toDictionary()`
/// writes it, into the library's JSON tree, which encodes itself; decoding reads the decoder's
/// value into that tree and maps it as `init(validating:)` maps a dictionary (JSON keys, key
/// strategy, transforms, each class's key policy; a `$class` key is an ordinary, unmapped key).
enum CodableBridge {
    /// Fills `model` from a decoder; any issue becomes a `DecodingError` at its coding path.
    static func decode(_ model: JastorObject, from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        // Created from JSON, as `init(validating:)` creates it: the classes' key policies apply.
        var context = MappingContext(policy: .creating)
        MappingEngine.map(value, into: model, by: .storage, context: &context)
        guard let first = context.issues.first else { return }
        let error = JastorError(issues: context.issues)
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath + first.path.components.map(CodingPathKey.init),
                debugDescription: error.description, underlyingError: error))
    }

    /// The model as `toDictionary()` writes it, as a JSON tree for `encoder`; fails on a cycle, on
    /// what JSON cannot hold, and on an untyped `Decimal` that `encoder` would write as text
    /// (which reads back as a `String`).
    static func codableValue(of model: JastorObject, for encoder: any Encoder) throws(JastorError) -> JSONValue {
        var context = EncodingContext(purpose: .dictionary)
        let byJSONEncoder = JSONValue.isFoundationCoder(encoder, named: "JSON")
        context.untypedDecimalIsWrittenAsText = { JSONValue.writesAsText($0, byJSONEncoder: byJSONEncoder) }
        let value = MappingEngine.encode(model, declaredType: type(of: model), context: &context)
        guard context.issues.isEmpty else { throw JastorError(issues: context.issues) }
        return value
    }
}
