import Foundation

/// An object of a tree output built, as the polymorphism hook sees it once its JSON text is read
/// back: each member the hook asks for is written as JSON text and read by the byte reader alone.
///
/// So the hook sees what reading `Codable`'s output would hand it (the `Double` `2.0` is written
/// `2` and reads back as the `Int` 2, a date as its text), and only what it asks for is written:
/// a model's check costs the members its class's `modelClass(for:)` reads, never the model's whole
/// subtree again at each level of a chain of such models.
struct ReadBackObject: FoundationMemberLookup {
    let object: JSONObject

    var hookView: JastorJSONObject { JastorJSONObject(self) }

    func pickedClass(by hook: (JastorJSONObject) -> JastorObject.Type?) -> JastorObject.Type? {
        hook(hookView)
    }

    /// The member under `key` as the byte reader reads its text (as ``DocumentObject`` hands it);
    /// `nil` when there is none, or when its text does not read back.
    func foundationMember(_ key: String) -> Any? {
        guard let member = object[key], let value = Self.readBack(member) else { return nil }
        if case .scalar(let scalar) = value.kind { return scalar.jsonValue.foundationValue }
        return value.foundationValue
    }

    /// The whole object as its text reads back; empty when it does not read back.
    var foundationDictionary: [String: Any] {
        guard let value = Self.readBack(.object(object)), case .object = value.kind else { return [:] }
        return value.object.foundationDictionary
    }

    /// `value` written as JSON text, as `Codable`'s output writes it, and read back.
    private static func readBack(_ value: JSONValue) -> DocumentValue? {
        var writer = JSONWriter(escapesSlashes: true)
        var scratch = EncodingContext(purpose: .dictionary)
        writer.writeTree(value, context: &scratch)
        guard let document = try? JSONReader.read(Data(writer.bytes)) else { return nil }
        return DocumentValue(document: document, index: 0)
    }
}
