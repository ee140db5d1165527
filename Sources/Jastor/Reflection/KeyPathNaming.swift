import Foundation

/// Finds the stored property a registration's key path reaches, so that a registration need not
/// spell the property's name and a name that does not match its key path is caught.
///
/// Swift has no API for a key path's property name. Three ways are tried, once per class, while
/// its plan is built, cheapest and safest first:
///
/// 1. Each field of a blank model holding exactly the property's type (and no reference, which
///    may be `weak`) is given two sample values in turn (or, for plain-bytes types with no sample
///    such as an enum, two valid bit patterns), and the field the key path reads them back from is
///    the property's storage. Only getters run; the field is restored. This covers stored
///    properties of every kind, key paths through accessors (non-final classes, observers,
///    `@Observable`) included.
/// 2. Otherwise (a model, a property wrapper), a sample is written through the key path's setter
///    into a blank model, and the one field whose bytes changed is the property's storage. A
///    value the getter gave before is written back (``PropertyAccessor/probeRestorer(for:)``),
///    for a setter that keeps it outside the model.
/// 3. Last, the key path's description, which spells a stored property of a `final` class
///    (`\Issue.title`, or `\Issue.<offset 24 (String)>` without field names, matched by offset).
///    It comes last because the runtime takes up to a millisecond to print some key paths.
///
/// When none of these names the property, the registration is reported.
struct KeyPathNaming {
    /// A stored property a key path reaches.
    struct Reached {
        let name: String
        /// The class declaring the field reached: told whenever another class of the chain declares
        /// a field of the same label (each class's `private var secret`) and a probe saw which one
        /// the key path reaches; `nil` when not told.
        let owner: JastorObject.Type?
    }

    private let modelType: JastorObject.Type
    private let fields: [StoredField]
    /// The class declaring each field whose label another class's field shares, by offset.
    private let sharedLabelOwners: [Int: JastorObject.Type]
    /// The fields holding values (not references, which may be `weak`), whose storage can be
    /// swapped for a sample.
    private let valueSlots: [(name: String, slot: StorageSlot)]

    init(modelType: JastorObject.Type) {
        self.modelType = modelType
        let fields = RuntimeLayout.fields(of: modelType)
        let labels = Set(fields.map(\.label))
        self.fields = fields
        self.sharedLabelOwners = Self.owners(ofSharedLabelsIn: fields, of: modelType)
        self.valueSlots = RuntimeLayout.storageSlots(of: modelType).map { label, slot in
            (StoredPropertyWalker.propertyName(of: label, amongStored: labels), slot)
        }
    }

    /// The stored property `accessor`'s key path reaches, or `nil` when it cannot be told.
    func property(reachedBy accessor: PropertyAccessor) -> Reached? {
        if let reached = nameByReadingSamples(through: accessor) ?? nameByReadingPatterns(through: accessor)
            ?? nameBySettingSamples(through: accessor) ?? nameBySettingSamplesSeenByMirror(through: accessor)
            ?? nameByReadingTheOnlyFieldOfItsType(through: accessor)
        {
            return reached
        }
        switch Self.spelledComponent(of: accessor.keyPathDescription, root: accessor.rootTypeName) {
        case .name(let name): return Reached(name: name, owner: nil)
        case .offset(let offset): return fields.first { $0.offset == offset }.map(reached)
        case nil: return nil
        }
    }

    /// The property stored in `field`, and its class when another class's field shares its label.
    private func reached(_ field: StoredField) -> Reached {
        Reached(name: field.propertyName, owner: sharedLabelOwners[field.offset])
    }

    /// The class declaring each field of `fields` (those of `modelType` and its superclasses) whose
    /// label another field shares, by offset: the highest class of the chain whose layout has it.
    private static func owners(
        ofSharedLabelsIn fields: [StoredField], of modelType: JastorObject.Type
    ) -> [Int: JastorObject.Type] {
        var counts: [String: Int] = [:]
        for field in fields { counts[field.label, default: 0] += 1 }
        let shared = Set(counts.filter { $0.value > 1 }.keys)
        guard !shared.isEmpty else { return [:] }
        var owners: [Int: JastorObject.Type] = [:]
        var next: AnyClass? = modelType
        while let type = next as? JastorObject.Type {
            for field in RuntimeLayout.fields(of: type) where shared.contains(field.label) {
                owners[field.offset] = type
            }
            next = _getSuperclass(type)
        }
        return owners
    }

    /// The `lazy var` whose storage reading through the key path fills in a blank model, or `nil`.
    ///
    /// A lazy property has no stored field of its own type (its storage is an `Optional`, which
    /// Mirror labels `$__lazy_storage_$_name`) and its key path is a computed one; its first read
    /// fills the storage, which tells which property it is.
    func lazyPropertyName(readBy accessor: PropertyAccessor) -> String? {
        let model = modelType.init()
        let before = StoredPropertyWalker.initialisedLazyProperties(of: model)
        guard accessor.valueThroughKeyPath(in: model) != nil else { return nil }
        let filled = StoredPropertyWalker.initialisedLazyProperties(of: model).subtracting(before)
        return filled.count == 1 ? filled.first : nil
    }

    /// What a key path's description says about its one component.
    private enum Component {
        case name(String)
        case offset(Int)
    }

    /// The property name or field offset in `\Root.name` or `\Root.<offset 24 (String)>`; `nil` for
    /// computed components and key paths of more than one component.
    private static func spelledComponent(of description: String, root: String) -> Component? {
        let prefix = "\\\(root)."
        guard description.hasPrefix(prefix) else { return nil }
        let rest = description.dropFirst(prefix.count)
        if rest.hasPrefix("<offset ") {
            return Int(rest.dropFirst("<offset ".count).prefix { $0.isNumber }).map(Component.offset)
        }
        let isIdentifier = !rest.isEmpty && rest.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
        return isIdentifier ? .name(String(rest)) : nil
    }

    /// The one field whose bytes change when a sample is written through the key path.
    private func nameBySettingSamples(through accessor: PropertyAccessor) -> Reached? {
        for write in accessor.probeWriters() {
            let model = modelType.init()
            // A setter may keep the sample outside the blank model (a property wrapper over
            // `UserDefaults`): what it replaced is put back.
            let restore = accessor.probeRestorer(for: model)
            let before = bytes(of: model)
            write(model)
            let after = bytes(of: model)
            restore()
            let changed = fields.indices.filter { before[$0] != after[$0] }
            guard changed.count == 1 else { continue }
            let field = fields[changed[0]]
            // A value field of the key path's own type was already tried by reading samples back
            // (the first way), and the key path did not read it: it is another property the setter
            // writes (a computed property over it), not this one's storage.
            // (By offset: a superclass's field whose label a subclass's shares has no slot there.)
            let triedByReading =
                accessor.probeWriters().count >= 2
                && valueSlots.contains { $0.slot.offset == field.offset && $0.slot.type == accessor.valueType }
            return triedByReading ? nil : reached(field)
        }
        return nil
    }

    /// The one stored property, as `Mirror` shows it, whose value changes when a sample is written
    /// through the key path.
    ///
    /// Used only without the class's layout (``RuntimeLayout`` off, or a runtime that cannot walk
    /// the class); only public reflection.
    private func nameBySettingSamplesSeenByMirror(through accessor: PropertyAccessor) -> Reached? {
        guard fields.isEmpty else { return nil }
        for write in accessor.probeWriters() {
            let model = modelType.init()
            let restore = accessor.probeRestorer(for: model)
            defer { restore() }
            let properties = StoredPropertyWalker.walk(model).properties
            let before = properties.map { (Reached(name: $0.name, owner: $0.owner), Self.fingerprint($0.value)) }
            let types = properties.map { type(of: $0.value) }
            // A value that reflects differently each time it is walked tells nothing; leave it out.
            let again = StoredPropertyWalker.walk(model).properties.map { Self.fingerprint($0.value) }
            write(model)
            let after = StoredPropertyWalker.walk(model).properties.map { Self.fingerprint($0.value) }
            guard before.count == after.count, before.count == again.count else { continue }
            // The property's own storage now holds what the key path reads (an observer may have
            // changed another property as well).
            let read = accessor.valueThroughKeyPath(in: model).map(Self.fingerprint)
            // A changed property of the key path's own type that does not hold what the key path
            // reads is another property the setter writes (a computed property over it).
            let changed = before.indices.filter {
                before[$0].1 == again[$0] && before[$0].1 != after[$0]
                    && !(types[$0] == accessor.valueType && after[$0] != read)
            }
            if changed.count == 1 { return before[changed[0]].0 }
            let readBack = changed.filter { after[$0] == read }
            if readBack.count == 1 { return before[readBack[0]].0 }
        }
        return nil
    }

    /// The one stored property of the key path's value type, as `Mirror` shows it, whose value the
    /// key path reads, for plain-bytes types Jastor has no samples of (an enum that is not
    /// `CaseIterable`), as the layout-based way reads their bit patterns.
    ///
    /// Used only without the class's layout, as ``nameBySettingSamplesSeenByMirror(through:)``.
    private func nameByReadingTheOnlyFieldOfItsType(through accessor: PropertyAccessor) -> Reached? {
        guard fields.isEmpty, accessor.valueIsBitwiseCopyable else { return nil }
        let model = modelType.init()
        guard let read = accessor.valueThroughKeyPath(in: model) else { return nil }
        let properties = StoredPropertyWalker.walk(model).properties.filter {
            type(of: $0.value) == accessor.valueType
        }
        guard properties.count == 1, Self.fingerprint(properties[0].value) == Self.fingerprint(read) else {
            return nil
        }
        return Reached(name: properties[0].name, owner: properties[0].owner)
    }

    /// Text that differs when a value differs: the identity of an object, the reflection of a leaf,
    /// and the fingerprints of a value's children otherwise.
    private static func fingerprint(_ value: Any) -> String {
        if type(of: value) is AnyObject.Type { return "object \(ObjectIdentifier(value as AnyObject))" }
        let mirror = Mirror(reflecting: value)
        guard !mirror.children.isEmpty else { return String(reflecting: value) }
        let children = mirror.children.map { "\($0.label ?? "_"): \(fingerprint($0.value))" }
        return "\(mirror.subjectType)(\(children.joined(separator: ", ")))"
    }

    /// The one value field of the property's type whose samples the key path reads back.
    private func nameByReadingSamples(through accessor: PropertyAccessor) -> Reached? {
        let matches = valueSlots.filter { _, slot in
            slot.type == accessor.valueType && accessor.readsSamples(fromFieldAt: slot.offset, of: modelType.init())
        }
        guard matches.count == 1 else { return nil }
        return Reached(name: matches[0].name, owner: sharedLabelOwners[matches[0].slot.offset])
    }

    /// The one field of the property's type whose bit patterns the key path reads back.
    ///
    /// The patterns are all zero bits, and a first byte of 1: valid values of every plain-bytes
    /// type (`0` and `1`, `false` and `true`, an enum's first two cases), so that a getter that
    /// inspects its value meets nothing it cannot handle.
    private func nameByReadingPatterns(through accessor: PropertyAccessor) -> Reached? {
        guard accessor.valueIsBitwiseCopyable else { return nil }
        let candidates = fields.filter { $0.type == accessor.valueType && $0.size > 0 }
        let matches = candidates.filter { field in
            let model = modelType.init()
            return RuntimeLayout.withBytes(of: field, in: model) { buffer in
                let saved = Array(buffer)
                let zeros = [UInt8](repeating: 0, count: field.size)
                let readsBack = [zeros, [1] + zeros.dropFirst()].allSatisfy { pattern in
                    buffer.copyBytes(from: pattern)
                    return accessor.valueBytes(in: model) == pattern
                }
                buffer.copyBytes(from: saved)
                return readsBack
            }
        }
        return matches.count == 1 ? reached(matches[0]) : nil
    }

    /// The bytes of every field of `model`.
    private func bytes(of model: JastorObject) -> [[UInt8]] {
        RuntimeLayout.bytes(of: fields, in: model)
    }
}
