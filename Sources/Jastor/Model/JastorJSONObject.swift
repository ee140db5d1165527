/// A read-only view of the JSON object about to be mapped, for ``JastorObject/modelClass(for:)``.
///
/// Members are converted to Foundation values only when asked for, so a hook that reads one
/// discriminator key costs one lookup, whatever the object holds.
///
/// ```swift
/// override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
///     json["type"] as? String == "PushEvent" ? PushEvent.self : nil
/// }
/// ```
public struct JastorJSONObject {
    private let members: any FoundationMemberLookup

    init(_ members: some FoundationMemberLookup) {
        self.members = members
    }

    /// The member under `key` as `JSONSerialization` would produce it (JSON booleans as `Bool`,
    /// numbers as `Int`, `UInt64` or `Double`), or `nil` when the object has no such key.
    ///
    /// ```swift
    /// let type = json["type"] as? String
    /// ```
    ///
    /// - Parameter key: A key of the object.
    public subscript(key: String) -> Any? {
        members.foundationMember(key)
    }

    /// The whole object as a Foundation dictionary.
    ///
    /// ```swift
    /// let keys = json.dictionary.keys
    /// ```
    public var dictionary: [String: Any] {
        members.foundationDictionary
    }
}

/// Looks up an object's members as Foundation values.
protocol FoundationMemberLookup {
    /// The object as the polymorphism hook sees it.
    ///
    /// Built by each concrete source, so generic code never boxes its own `Self` into the view.
    var hookView: JastorJSONObject { get }

    func foundationMember(_ key: String) -> Any?
    var foundationDictionary: [String: Any] { get }
}

extension FoundationObject {
    var hookView: JastorJSONObject { JastorJSONObject(self) }
}

extension DocumentObject {
    var hookView: JastorJSONObject { JastorJSONObject(self) }
}

extension JSONObject {
    var hookView: JastorJSONObject { JastorJSONObject(self) }
}

extension JSONObjectSource where Member: JSONSource {
    /// The member under `key` as a Foundation value.
    func foundationMember(_ key: String) -> Any? {
        guard let member = self[key] else { return nil }
        if case .scalar(let scalar) = member.kind { return scalar.jsonValue.foundationValue }
        return member.foundationValue
    }
}
