@_spi(Reflection) import Swift

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
}

/// Where a stored property lives inside an instance of its class, and its exact type.
struct StorageSlot {
    /// The byte offset from the start of the instance.
    let offset: Int
    let type: Any.Type
}

/// One stored field of a class as its runtime metadata lays it out, whatever it holds.
struct StoredField {
    /// The field's label (`_name` for a property wrapper's or `@Observable`'s storage).
    let label: String
    /// The byte offset from the start of the instance.
    let offset: Int
    let type: Any.Type
    /// The field's size in bytes.
    let size: Int

    /// The property name the field stores: the label without a storage `_`.
    var propertyName: String {
        StoredPropertyWalker.isUnderscoredStorage(label) ? String(label.dropFirst()) : label
    }
}

/// The one walk over `Mirror` in the library: the classes of a model and their stored properties.
enum StoredPropertyWalker {
    /// `_EachFieldOptions.classType` (walk a class's fields, not a struct's), spelled by its raw value
    /// because the standard library declares that option as a mutable static.
    private static let classTypeFields = _EachFieldOptions(rawValue: 1 << 0)

    /// Whether a stored field is storage the compiler or a macro adds rather than a property the
    /// class declares: a `lazy var`'s `$__lazy_storage_$_name`, `@Observable`'s
    /// `_$observationRegistrar`, and any other `$` or `_$` label (no declared property can have one).
    static func isSynthesised(_ label: String) -> Bool {
        label.hasPrefix("$") || label.hasPrefix("_$")
    }

    /// Whether a label is the `_name` storage of a property wrapper or an `@Observable` property.
    static func isUnderscoredStorage(_ label: String) -> Bool {
        label.hasPrefix("_") && label.count > 1
    }

    /// The model's class chain below ``JastorObject`` and its stored properties, base class first.
    ///
    /// Synthesised storage is skipped (see ``isSynthesised(_:)``); a property wrapper's or an
    /// `@Observable` property's `_name` storage is reported under `name`.
    static func walk(_ model: JastorObject) -> (classes: [JastorObject.Type], properties: [StoredProperty]) {
        var mirrors: [Mirror] = []
        var next: Mirror? = Mirror(reflecting: model)
        while let mirror = next, mirror.subjectType != JastorObject.self {
            mirrors.append(mirror)
            next = mirror.superclassMirror
        }
        var classes: [JastorObject.Type] = []
        var properties: [StoredProperty] = []
        for mirror in mirrors.reversed() {
            guard let type = mirror.subjectType as? JastorObject.Type else { continue }
            classes.append(type)
            for child in mirror.children {
                guard let label = child.label, !isSynthesised(label) else { continue }
                let isWrapperStorage = isUnderscoredStorage(label)
                properties.append(
                    StoredProperty(
                        label: label, name: isWrapperStorage ? String(label.dropFirst()) : label, value: child.value,
                        isWrapperStorage: isWrapperStorage))
            }
        }
        return (classes, properties)
    }

    /// Where each stored property of `type` (its superclasses' included) that holds a value type
    /// lives, by label.
    ///
    /// Read from the class's runtime metadata with the standard library's field walker; empty
    /// when the runtime cannot walk the class, in which case every property is reached through
    /// its key path. Properties holding references (classes, class-bound existentials, and
    /// optionals of those) are left out: their storage may be `weak` or `unowned`, which the
    /// field walker does not tell and which a plain store would corrupt.
    static func storageSlots(of type: JastorObject.Type) -> [String: StorageSlot] {
        var slots: [String: StorageSlot] = [:]
        let walked = _forEachField(of: type, options: classTypeFields) { name, offset, fieldType, kind in
            if holdsValue(kind) || (kind == .optional && holdsValue((fieldType as? OptionalStorage.Type)?.wrappedKind))
            {
                slots[String(cString: name)] = StorageSlot(offset: offset, type: fieldType)
            }
            return true
        }
        return walked ? slots : [:]
    }

    /// Every stored field of `type` and its superclasses, synthesised ones left out, with its
    /// layout; empty when the runtime cannot walk the class.
    static func fields(of type: JastorObject.Type) -> [StoredField] {
        var fields: [StoredField] = []
        let walked = _forEachField(of: type, options: classTypeFields) { name, offset, fieldType, _ in
            let label = String(cString: name)
            if !isSynthesised(label) {
                fields.append(StoredField(label: label, offset: offset, type: fieldType, size: size(of: fieldType)))
            }
            return true
        }
        return walked ? fields : []
    }

    /// The size in bytes of a value of `type`.
    private static func size(of type: Any.Type) -> Int {
        func size<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.size }
        return _openExistential(type, do: size)
    }

    /// Whether a value of this kind holds no reference of its own at the top level.
    private static func holdsValue(_ kind: _MetadataKind?) -> Bool {
        kind == .struct || kind == .enum || kind == .tuple
    }

    /// The metadata kind of any type, read as the kind of a field of that type.
    static func metadataKind<Value>(of _: Value.Type) -> _MetadataKind? {
        var kind: _MetadataKind?
        _ = _forEachField(of: KindProbe<Value>.self) { _, _, _, fieldKind in
            kind = fieldKind
            return false
        }
        return kind
    }
}

/// A struct whose one field has the type whose kind ``StoredPropertyWalker/metadataKind(of:)`` asks.
private struct KindProbe<Value> {
    var value: Value
}

/// Optionals, to ask the kind of what they wrap.
private protocol OptionalStorage {
    static var wrappedKind: _MetadataKind? { get }
}

extension Optional: OptionalStorage {
    fileprivate static var wrappedKind: _MetadataKind? { StoredPropertyWalker.metadataKind(of: Wrapped.self) }
}
