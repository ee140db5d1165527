/// Looks up an object's members as Foundation values.
protocol FoundationMemberLookup {
    /// The object as the polymorphism hook sees it.
    ///
    /// Built by each concrete source, so generic code never boxes its own `Self` into the view.
    var hookView: JastorJSONObject { get }

    /// What `hook` (a class's `modelClass(for:)`) returns for ``hookView``.
    ///
    /// The view is never kept: text the byte reader repairs for it is not the model's to report
    /// (``DocumentObject`` leaves it uncounted); a property that keeps that text reports it.
    func pickedClass(by hook: (JastorJSONObject) -> JastorObject.Type?) -> JastorObject.Type?

    func foundationMember(_ key: String) -> Any?
    var foundationDictionary: [String: Any] { get }
}

extension FoundationMemberLookup {
    func pickedClass(by hook: (JastorJSONObject) -> JastorObject.Type?) -> JastorObject.Type? {
        hook(hookView)
    }
}

extension FoundationObject {
    var hookView: JastorJSONObject { JastorJSONObject(self) }
}

extension DocumentObject {
    var hookView: JastorJSONObject { JastorJSONObject(self) }

    func pickedClass(by hook: (JastorJSONObject) -> JastorObject.Type?) -> JastorObject.Type? {
        let repairs = document.repairCount
        defer { document.markRepairsReported(keeping: repairs) }
        return hook(hookView)
    }
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
