/// How a class's models are written as JSON text member by member, worked out once per class.
///
/// A class whose written properties each write one distinct key, and which keeps no unmapped
/// keys, is streamed straight from its properties; its keys are quoted and escaped here, once.
/// Any other class (key paths sharing nested objects, repeated output keys, kept unmapped keys)
/// has no members and is written through the same tree `toDictionary()` builds.
struct JSONOutputLayout: Sendable {
    /// One written property and its key, ready to copy into the text.
    ///
    /// A class, so that walking the members retains one reference rather than copying five.
    final class Member: Sendable {
        let property: PropertyPlan
        /// The key.
        let key: String
        /// The key as a path component, for issues found below it.
        let component: JastorPath.Component
        /// `"key"`, escaped with `/` as is.
        let quotedKey: [UInt8]
        /// `"key"`, escaped with `/` as `\/`.
        let quotedKeyEscapingSlashes: [UInt8]

        init(property: PropertyPlan, key: String) {
            self.property = property
            self.key = key
            self.component = .key(key)
            self.quotedKey = JSONWriter.quoted(key, escapesSlashes: false)
            self.quotedKeyEscapingSlashes = JSONWriter.quoted(key, escapesSlashes: true)
        }
    }

    /// The members in declaration order, or `nil` when the class is written through the tree.
    let members: [Member]?
    /// The members in ``JSONKeyOrder``, or `nil` likewise.
    let sortedMembers: [Member]?

    /// The layout of a class with `properties`.
    ///
    /// - Parameters:
    ///   - properties: The class's plans, in declaration order.
    ///   - streams: Whether every written property writes one distinct key and no property
    ///     keeps unmapped keys.
    init(properties: [PropertyPlan], streams: Bool) {
        guard streams else {
            members = nil
            sortedMembers = nil
            return
        }
        let members = properties.compactMap { property -> Member? in
            guard case .key(let key)? = property.outputKey else { return nil }
            return Member(property: property, key: key)
        }
        self.members = members
        self.sortedMembers = members.sorted { JSONKeyOrder.precedes($0.key, $1.key) }
    }
}
