/// One stored property of a model, as reflection found it.
struct StoredProperty {
    /// The label reflection reports (`_name` for a property wrapper's storage).
    let label: String
    /// The property's name as declared: the label without a property wrapper's `_`.
    let name: String
    /// The property's current value.
    let value: Any
    /// Whether the value is a property wrapper's storage rather than the property's own type.
    let isWrapperStorage: Bool
    /// The class that declares the field.
    let owner: JastorObject.Type
}

/// The one walk over `Mirror` in the library: the classes of a model and their stored properties.
enum StoredPropertyWalker {
    /// Whether a stored field is storage the compiler or a macro adds rather than a property the
    /// class declares: a `lazy var`'s `$__lazy_storage_$_name`, `@Observable`'s
    /// `_$observationRegistrar`, and any other `$` or `_$` label (no declared property can have one).
    static func isSynthesised(_ label: String) -> Bool {
        label.hasPrefix("$") || label.hasPrefix("_$")
    }

    /// Whether a label is the `_name` storage of a property wrapper or an `@Observable` property:
    /// an underscored label beside no stored field of the name it spells (a wrapped `name` is
    /// computed, so a class that also stores `name` declared `_name` itself).
    static func isUnderscoredStorage(_ label: String, amongStored labels: Set<String>) -> Bool {
        label.hasPrefix("_") && label.count > 1 && !labels.contains(String(label.dropFirst()))
    }

    /// The property a stored field's label names: the label without a wrapper storage's `_`.
    static func propertyName(of label: String, amongStored labels: Set<String>) -> String {
        isUnderscoredStorage(label, amongStored: labels) ? String(label.dropFirst()) : label
    }

    /// The model's class chain below ``JastorObject`` and its stored properties, base class first.
    ///
    /// Synthesised storage is skipped (see ``isSynthesised(_:)``); a property wrapper's or an
    /// `@Observable` property's `_name` storage is reported under `name`.
    static func walk(_ model: JastorObject) -> (classes: [JastorObject.Type], properties: [StoredProperty]) {
        var chain: [JastorObject.Type] = []
        var type: AnyClass? = Swift.type(of: model)
        while let step = type as? JastorObject.Type, step != JastorObject.self {
            chain.append(step)
            type = _getSuperclass(step)
        }
        var classes: [JastorObject.Type] = []
        var fields: [(label: String, value: Any, owner: JastorObject.Type)] = []
        for type in chain.reversed() {
            guard let declared = RuntimeLayout.declaredFields(of: model, declaredBy: type) else {
                return walkMirror(model)
            }
            classes.append(type)
            for field in declared {
                guard let label = field.label, !isSynthesised(label) else { continue }
                fields.append((label, field.value, type))
            }
        }
        return (classes, properties(fields))
    }

    /// The stored properties of the fields found, each named by its label among all of them.
    private static func properties(
        _ fields: [(label: String, value: Any, owner: JastorObject.Type)]
    ) -> [StoredProperty] {
        let labels = Set(fields.map(\.label))
        return fields.map { field in
            StoredProperty(
                label: field.label, name: propertyName(of: field.label, amongStored: labels), value: field.value,
                isWrapperStorage: isUnderscoredStorage(field.label, amongStored: labels), owner: field.owner)
        }
    }

    /// ``walk(_:)`` through `Mirror`, where the runtime's fields are not read
    /// (`JASTOR_SAFE_REFLECTION`); the same classes and properties.
    static func walkMirror(_ model: JastorObject) -> (classes: [JastorObject.Type], properties: [StoredProperty]) {
        var mirrors: [Mirror] = []
        var next: Mirror? = Mirror(reflecting: model)
        while let mirror = next, mirror.subjectType != JastorObject.self {
            mirrors.append(mirror)
            next = mirror.superclassMirror
        }
        var classes: [JastorObject.Type] = []
        var fields: [(label: String, value: Any, owner: JastorObject.Type)] = []
        for mirror in mirrors.reversed() {
            guard let type = mirror.subjectType as? JastorObject.Type else { continue }
            classes.append(type)
            for child in mirror.children {
                guard let label = child.label, !isSynthesised(label) else { continue }
                fields.append((label, child.value, type))
            }
        }
        return (classes, properties(fields))
    }

    /// The label prefix of a `lazy var`'s storage (`$__lazy_storage_$_count` for `count`).
    static let lazyStoragePrefix = "$__lazy_storage_$_"

    /// The `lazy var`s of the model's classes whose storage holds a value (their getter has run),
    /// by name.
    ///
    /// A lazy property's storage is an `Optional` of its type, `nil` until first read.
    static func initialisedLazyProperties(of model: JastorObject) -> Set<String> {
        var names: Set<String> = []
        var next: Mirror? = Mirror(reflecting: model)
        while let mirror = next, mirror.subjectType != JastorObject.self {
            for child in mirror.children {
                guard let label = child.label, label.hasPrefix(lazyStoragePrefix),
                    !Mirror(reflecting: child.value).children.isEmpty
                else { continue }
                names.insert(String(label.dropFirst(lazyStoragePrefix.count)))
            }
            next = mirror.superclassMirror
        }
        return names
    }
}
