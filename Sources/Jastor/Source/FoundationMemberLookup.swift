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
