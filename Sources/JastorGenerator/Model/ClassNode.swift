/// One property of a generated class.
struct PropertyPlan: Sendable {
    /// The JSON key.
    var key: String
    /// The property's type.
    var type: PropertyType
    /// Whether some sample lacked the key or held `null` there.
    var isOptional: Bool
}

/// One generated class: where it was seen, its properties in order, and its place in a
/// polymorphic family.
struct ClassNode: Sendable {
    /// Names suggested by the keys it was found under, best first after naming.
    var nameHints: [String]
    /// Where in the samples it was seen: `statuses[].user`.
    var sites: [String]
    /// The class that holds it, for recursion detection.
    var parent: Int?
    /// The properties, in the order their keys were first seen.
    var properties: [PropertyPlan]
    /// The base class, for a member of a polymorphic family.
    var superclass: Int?
    /// The discriminator value that selects this class, for a member of a polymorphic family.
    var tag: String?
    /// The discriminator key, for the base of a polymorphic family.
    var discriminator: String?
    /// The name the command line gave, for the root of a sample.
    var rootName: String?

    /// Whether the class is the root of a sample.
    var isRoot: Bool { rootName != nil }

    /// The keys of its properties.
    var keySet: Set<String> { Set(properties.map(\.key)) }
}
