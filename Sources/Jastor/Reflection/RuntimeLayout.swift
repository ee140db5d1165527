// The fence. Every use in Jastor of the standard library's private reflection (`@_spi(Reflection)`,
// `_forEachField`, `_MetadataKind`) and every read or write of a model's raw storage through an
// `Unmanaged` pointer lives in this file; nothing else in the library touches a model's memory.
//
// Contract:
// - `fields(of:)` and `storageSlots(of:)` read a class's field layout from its runtime metadata.
//   They return nothing when the runtime cannot walk the class, and always nothing when Jastor is
//   built with `-DJASTOR_SAFE_REFLECTION` (see `isAvailable`).
// - Every offset the raw helpers below take comes from those two functions, for a field whose type
//   the caller has checked is exactly the type it reads or writes (`StorageSlot.type`,
//   `StoredField.type`); the object is kept alive for the access.
// - `storageSlots(of:)` gives offsets only to value-type fields (structs, enums, tuples, optionals
//   of those). Reference fields may be `weak` or `unowned`, which the field walker does not tell and
//   a plain store would corrupt: `referenceSlots(of:)` lists them only as candidates, and one is
//   written by offset only after `isStrongStorage(at:of:holding:spare:afterWriting:)` has seen a write
//   through its key path store exactly the object's address there and add exactly one strong
//   reference to it (a `weak` field stores a side-table address; an `unowned` one adds no strong
//   reference), and a second write release the object it held (an `unowned(unsafe)` field whose
//   observer keeps a strong copy does not); every other reference field goes through its key path.
// - `overridesModelClassHook(_:)` reads one word of a class's runtime metadata: the vtable entry of
//   `JastorObject.modelClass(for:)`, found once by comparing the metadata of `JastorObject` with that
//   of two private subclasses, one overriding the hook and one not (exactly one word must tell them
//   apart, inside a header whose sizes agree); every read is within the metadata's own extent, read
//   from its header. When the slot cannot be found so, or with `-DJASTOR_SAFE_REFLECTION`, every
//   class counts as overriding the hook, which is then called for every model, as before.
// - `enumCaseName(of:)` asks the runtime for an enum case's name (`swift_EnumCaseName`, which the
//   standard library's own printing calls, declared here by `@_silgen_name` with the signature the
//   standard library declares it with), so that equality never calls a user's `description`; it
//   returns `nil` when the enum's reflection metadata is stripped, and always with
//   `-DJASTOR_SAFE_REFLECTION`, when `ValueDescription` falls back to the case's own text.
// - `declaredFields(of:declaredBy:)` asks the runtime for a class's own stored fields and their
//   values (`swift_reflectionMirror_count` and `swift_reflectionMirror_subscript`, the two calls
//   `Mirror` makes for a class, declared here by `@_silgen_name` with the signatures the standard
//   library declares them with); it reads values as `Mirror` does and writes nothing. With
//   `-DJASTOR_SAFE_REFLECTION` it returns `nil` and `StoredPropertyWalker` walks `Mirror`.
// - With no layout (the switch below, or a runtime that cannot walk a class), every property is
//   written through its `ReferenceWritableKeyPath`, and `KeyPathNaming` names key paths by setting
//   samples and comparing `Mirror` children. Behaviour is the same except that an initialiser then
//   runs `didSet`/`willSet` observers, as any write through a setter does.
//
// The switch is a compilation condition, not an environment variable: the risk it hedges is a
// toolchain whose `_forEachField` is gone or changed, which only a build without the private import
// survives. CI builds and runs the whole suite once with it (`.ci/run`, "safe reflection").

#if !JASTOR_SAFE_REFLECTION
@_spi(Reflection) import Swift

/// The runtime's name of the case `value` holds, `nil` without reflection metadata (the standard
/// library's `_getEnumCaseName`).
@_silgen_name("swift_EnumCaseName")
private func runtimeEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// The number of stored fields `type` itself declares, read from `value` (the standard library's
/// `_getChildCount`, which `Mirror` calls).
@_silgen_name("swift_reflectionMirror_count")
private func runtimeChildCount<T>(_ value: T, type: Any.Type) -> Int

/// Frees a field name the runtime handed out (the standard library's `NameFreeFunc`).
private typealias RuntimeNameFree = @convention(c) (UnsafePointer<CChar>?) -> Void

/// The stored field at `index` of those `type` itself declares, read from `value`, with its name
/// (the standard library's `_getChild`, which `Mirror` calls).
@_silgen_name("swift_reflectionMirror_subscript")
private func runtimeChild<T>(
    of value: T, type: Any.Type, index: Int, outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
    outFreeFunc: UnsafeMutablePointer<RuntimeNameFree?>
) -> Any
#endif

/// Where a stored property lives inside an instance of its class, and its exact type.
struct StorageSlot {
    /// The byte offset from the start of the instance.
    let offset: Int
    let type: Any.Type
    /// The class whose layout holds the slot: an instance of exactly this class has the field at
    /// ``offset``.
    let owner: JastorObject.Type
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
    /// The property name the field stores: the label without a wrapper storage's `_`
    /// (``StoredPropertyWalker/propertyName(of:amongStored:)``).
    let propertyName: String
}

/// A class's field layout from its runtime metadata, and raw access to a field's storage.
enum RuntimeLayout {
    #if JASTOR_SAFE_REFLECTION
    /// Whether the layout of classes is read at all (`false`: built with `JASTOR_SAFE_REFLECTION`).
    static let isAvailable = false
    #else
    /// Whether the layout of classes is read at all (`false`: built with `JASTOR_SAFE_REFLECTION`).
    static let isAvailable = true
    #endif

    /// The name of the case an enum value holds (`unlisted`), read from the runtime's reflection
    /// metadata, never from the value's own `description`; `nil` when the runtime has no name for
    /// it (stripped metadata, not an enum) or with `JASTOR_SAFE_REFLECTION`.
    static func enumCaseName(of value: Any) -> String? {
        #if JASTOR_SAFE_REFLECTION
        return nil
        #else
        func name<Value>(_ value: Value) -> String? {
            guard Mirror(reflecting: value).displayStyle == .enum else { return nil }
            return runtimeEnumCaseName(value).map { String(cString: $0) }
        }
        return name(value)
        #endif
    }

    /// Where each stored property of `type` (its superclasses' included) that holds a value type
    /// lives, by label.
    ///
    /// Read from the class's runtime metadata with the standard library's field walker; empty
    /// when the runtime cannot walk the class, in which case every property is reached through
    /// its key path. Properties holding references (classes, class-bound existentials, and
    /// optionals of those) are left out: their storage may be `weak` or `unowned`, which the
    /// field walker does not tell and which a plain store would corrupt (``referenceSlots(of:)``
    /// lists them for a probe).
    static func storageSlots(of type: JastorObject.Type) -> [String: StorageSlot] {
        #if JASTOR_SAFE_REFLECTION
        return [:]
        #else
        return slots(of: type) { kind, wrappedKind in
            holdsValue(kind) || (kind == .optional && holdsValue(wrappedKind))
        }
        #endif
    }

    /// The stored properties of `type` (its superclasses' included) whose field holds a class
    /// reference or an optional one, by label: candidates only, since such a field may be `weak`
    /// or `unowned`; ``isStrongStorage(at:of:holding:spare:afterWriting:)`` tells.
    ///
    /// Empty when the runtime cannot walk the class, and always with `JASTOR_SAFE_REFLECTION`.
    static func referenceSlots(of type: JastorObject.Type) -> [String: StorageSlot] {
        #if JASTOR_SAFE_REFLECTION
        return [:]
        #else
        return slots(of: type) { kind, wrappedKind in kind == .class || (kind == .optional && wrappedKind == .class) }
        #endif
    }

    #if !JASTOR_SAFE_REFLECTION

    /// The fields of `type` (its superclasses' included) for which `includes` holds, given the
    /// field's kind and, for an optional, its wrapped type's kind; empty when the runtime cannot
    /// walk the class.
    private static func slots(
        of type: JastorObject.Type, where includes: (_ kind: _MetadataKind, _ wrappedKind: _MetadataKind?) -> Bool
    ) -> [String: StorageSlot] {
        var slots: [String: StorageSlot] = [:]
        let walked = _forEachField(of: type, options: classTypeFields) { name, offset, fieldType, kind in
            if includes(kind, kind == .optional ? (fieldType as? OptionalStorage.Type)?.wrappedKind : nil) {
                slots[String(cString: name)] = StorageSlot(offset: offset, type: fieldType, owner: type)
            }
            return true
        }
        return walked ? slots : [:]
    }
    #endif

    /// The addresses of the spares ``isStrongStorage(at:of:holding:spare:afterWriting:)`` could
    /// not give back, each with a strong reference never released (kept here so that they stay
    /// reachable, not leaked).
    private static let probeLeftovers = Locked<[UInt]>([])

    /// Whether the field at `offset` of `object` is plain strong storage of a reference: after
    /// `write` (which stores `value` through the property's key path), the field's word is
    /// `value`'s address and `value` gained exactly one strong reference and no unowned one; and
    /// when the field holds `spare` instead, the next `write` releases `spare`.
    ///
    /// A `weak` field holds the address of a side table instead; an `unowned` one adds no strong
    /// reference; a setter that keeps the value elsewhere too adds more than one. An
    /// `unowned(unsafe)` field whose observer keeps a strong copy passes the first test, but does
    /// not release what it held: the second test tells. `offset` must come from
    /// ``referenceSlots(of:)`` for `object`'s class; `object`, `value` and `spare` are blanks made
    /// for this probe, of the field's type. When the answer is no after the second test, `spare`
    /// is kept alive for good in a static list: the field's ownership cannot be known then, and
    /// keeping one blank per such property is safe where a release might not be.
    static func isStrongStorage(
        at offset: Int, of object: AnyObject, holding value: AnyObject, spare: AnyObject,
        afterWriting write: () -> Void
    ) -> Bool {
        let strongBefore = _getRetainCount(value)
        let unownedBefore = _getUnownedRetainCount(value)
        write()
        let strongAfter = _getRetainCount(value)
        let unownedAfter = _getUnownedRetainCount(value)
        let word = withExtendedLifetime(object) {
            // A word-sized, word-aligned load inside the instance: `offset` is a reference field's
            // (a pointer, or an optional pointer of the same size) from the class's own layout.
            UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()).load(fromByteOffset: offset, as: UInt.self)
        }
        let address = UInt(bitPattern: Unmanaged.passUnretained(value).toOpaque())
        guard word == address && strongAfter == strongBefore + 1 && unownedAfter == unownedBefore else {
            return false
        }
        // Second test: put `spare` in the field with a strong reference the field now owns (if it
        // is strong storage, that replaces the one it held to `value`), then write `value` again.
        let spareBefore = _getRetainCount(spare)
        let spareWord = UInt(bitPattern: Unmanaged.passRetained(spare).toOpaque())
        withExtendedLifetime(object) {
            // The same word-sized, word-aligned field as the load above, which holds a reference.
            UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
                .storeBytes(of: spareWord, toByteOffset: offset, as: UInt.self)
        }
        write()
        guard _getRetainCount(spare) == spareBefore else {
            // Not strong storage, or strong storage whose observer kept `spare` too: who owns the
            // reference given above cannot be told, so `spare` is kept alive for good (one blank
            // per such property, reachable, never released too early).
            let kept = UInt(bitPattern: Unmanaged.passRetained(spare).toOpaque())
            probeLeftovers.withLock { $0.append(kept) }
            return false
        }
        // Strong storage released `spare`; the reference it held to `value` before `spare` was
        // stored over it is released here, so every count is as the writes left them.
        Unmanaged.passUnretained(value).release()
        return true
    }

    /// Every stored field of `type` and its superclasses, synthesised ones left out, with its
    /// layout; empty when the runtime cannot walk the class.
    static func fields(of type: JastorObject.Type) -> [StoredField] {
        #if JASTOR_SAFE_REFLECTION
        return []
        #else
        var found: [(label: String, offset: Int, type: Any.Type)] = []
        let walked = _forEachField(of: type, options: classTypeFields) { name, offset, fieldType, _ in
            let label = String(cString: name)
            if !StoredPropertyWalker.isSynthesised(label) { found.append((label, offset, fieldType)) }
            return true
        }
        guard walked else { return [] }
        let labels = Set(found.map(\.label))
        return found.map { field in
            StoredField(
                label: field.label, offset: field.offset, type: field.type, size: size(of: field.type),
                propertyName: StoredPropertyWalker.propertyName(of: field.label, amongStored: labels))
        }
        #endif
    }

    /// The stored fields `type` itself declares (not its superclasses'), as `Mirror` shows them of
    /// `model`, an instance of `type` or a subclass: each field's label and current value, in
    /// declaration order; `nil` with `JASTOR_SAFE_REFLECTION`, when ``StoredPropertyWalker`` walks
    /// `Mirror` itself.
    ///
    /// These are the two runtime calls `Mirror` makes for a class, asked directly: `Mirror`'s own
    /// initialiser first casts its subject to `CustomReflectable`, and that failing cast of a class
    /// instance makes the runtime look `Foundation.__SwiftValue` up by name, which pages in its
    /// demangler and remangler and part of `libFoundation` (Performance, "Peak memory (11)"). A
    /// `weak` or `unowned` field is read as `Mirror` reads it (a strong reference or `nil`).
    static func declaredFields(of model: JastorObject, declaredBy type: JastorObject.Type) -> [(
        label: String?, value: Any
    )]? {
        #if JASTOR_SAFE_REFLECTION
        return nil
        #else
        let count = runtimeChildCount(model, type: type)
        var fields: [(label: String?, value: Any)] = []
        fields.reserveCapacity(count)
        for index in 0..<count {
            var name: UnsafePointer<CChar>?
            var free: RuntimeNameFree?
            let value = runtimeChild(of: model, type: type, index: index, outName: &name, outFreeFunc: &free)
            let label = name.flatMap { String(validatingCString: $0) }
            free?(name)
            fields.append((label, value))
        }
        return fields
        #endif
    }

    // MARK: The polymorphism hook

    /// Whether `type` or a superclass below ``JastorObject`` overrides
    /// ``JastorObject/modelClass(for:)``; `true` when that cannot be told.
    ///
    /// A class that does not override it inherits `JastorObject`'s implementation, which picks no
    /// class: the hook's view of the object need not be built for it. Told by comparing the hook's
    /// vtable entry in `type`'s runtime metadata with `JastorObject`'s (see ``hookSlot``).
    static func overridesModelClassHook(_ type: JastorObject.Type) -> Bool {
        #if JASTOR_SAFE_REFLECTION
        return true
        #else
        guard let slot = hookSlot, let word = metadataWord(of: type, at: slot),
            let inherited = metadataWord(of: JastorObject.self, at: slot)
        else { return true }
        return word != inherited
        #endif
    }

    // MARK: Raw storage

    /// Runs `body` with the storage of the field at `offset` inside `object`, typed as `Value`,
    /// keeping `object` alive meanwhile.
    ///
    /// `offset` must come from ``storageSlots(of:)`` or ``fields(of:)`` for a field whose type is
    /// exactly `Value`.
    @inline(__always)
    static func withStorage<Value, Result>(
        of object: AnyObject, at offset: Int, as _: Value.Type, _ body: (UnsafeMutablePointer<Value>) -> Result
    ) -> Result {
        let storage = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()).advanced(by: offset)
        let result = body(storage.assumingMemoryBound(to: Value.self))
        // `extendLifetime`, not `withExtendedLifetime(object) { … }`: the closure form is a generic
        // call that is not inlined (about thirty instructions per property written).
        extendLifetime(object)
        return result
    }

    /// A copy of the value stored at `offset` in `object` (output: read, never written).
    ///
    /// No closure: unspecialised generic callers (the accessors) would otherwise pay a generic
    /// metadata lookup for the closure's context on every value.
    @inline(__always)
    static func value<Value>(of object: AnyObject, at offset: Int, as _: Value.Type) -> Value {
        let storage = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()).advanced(by: offset)
        // Sound by the contract above: `offset` is a field of exactly `Value`'s type, a value type or
        // a reference in plain strong storage (copying it retains it); the copy is taken before
        // `object` may be released.
        let value = storage.assumingMemoryBound(to: Value.self).pointee
        // `extendLifetime`, not `withExtendedLifetime(object) {}`: the closure form is a generic
        // call (about seventeen instructions per value read for output).
        extendLifetime(object)
        return value
    }

    /// Runs `body` with the bytes of `field` inside `object`, keeping `object` alive meanwhile.
    static func withBytes<Result>(
        of field: StoredField, in object: AnyObject, _ body: (UnsafeMutableRawBufferPointer) -> Result
    ) -> Result {
        withExtendedLifetime(object) {
            let storage = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + field.offset
            return body(UnsafeMutableRawBufferPointer(start: storage, count: field.size))
        }
    }

    /// A copy of the bytes of each of `fields` inside `object`.
    static func bytes(of fields: [StoredField], in object: AnyObject) -> [[UInt8]] {
        fields.map { field in withBytes(of: field, in: object) { Array($0) } }
    }

    #if !JASTOR_SAFE_REFLECTION
    /// The index of the word of a class's metadata (from its address point) that holds the vtable
    /// entry of ``JastorObject/modelClass(for:)``, or `nil` when it cannot be told.
    ///
    /// Found once by comparing `JastorObject`'s metadata with that of two private subclasses that
    /// add no fields and no methods: the word must be the one word, past the header, where the
    /// subclass that overrides the hook differs from `JastorObject` and the one that does not is
    /// the same; all three must be class metadata of the same extent whose superclass word names
    /// `JastorObject` (for the subclasses).
    private static let hookSlot: Int? = {
        guard let base = metadataWords(of: JastorObject.self),
            let overriding = metadataWords(of: HookOverridingProbe.self),
            let keeping = metadataWords(of: HookKeepingProbe.self),
            base.count == overriding.count, base.count == keeping.count
        else { return nil }
        let baseAddress = UInt(bitPattern: unsafeBitCast(JastorObject.self as AnyClass, to: UnsafeRawPointer.self))
        guard overriding[1] == baseAddress, keeping[1] == baseAddress else { return nil }
        let slots = (headerWords..<base.count).filter { overriding[$0] != base[$0] && keeping[$0] == base[$0] }
        return slots.count == 1 ? slots[0] : nil
    }()

    /// The word at `index` of `type`'s metadata, counted from its address point, if the metadata
    /// extends that far.
    private static func metadataWord(of type: AnyClass, at index: Int) -> UInt? {
        guard let extent = metadataExtent(of: type), index < extent else { return nil }
        // Within the metadata: `index` is below the word count its header gives (`metadataExtent`).
        return unsafeBitCast(type, to: UnsafeRawPointer.self).load(
            fromByteOffset: index * MemoryLayout<UInt>.size, as: UInt.self)
    }

    /// Every word of `type`'s metadata from its address point to its end.
    private static func metadataWords(of type: AnyClass) -> [UInt]? {
        guard let extent = metadataExtent(of: type) else { return nil }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        // Each load is a word below the extent the header gives (`metadataExtent`).
        return (0..<extent).map { metadata.load(fromByteOffset: $0 * MemoryLayout<UInt>.size, as: UInt.self) }
    }

    /// How many words `type`'s class metadata holds from its address point (its header's class
    /// size less its address point), or `nil` unless it is class metadata of a plausible extent.
    private static func metadataExtent(of type: AnyClass) -> Int? {
        func kind<Class>(_ type: Class.Type) -> _MetadataKind? { metadataKind(of: type) }
        guard MemoryLayout<UInt>.size == 8, _openExistential(type, do: kind) == .class else { return nil }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        // Class metadata starts with a header of `headerWords` words (`TargetClassMetadata`):
        // these two 32-bit fields are inside it.
        let size = Int(metadata.load(fromByteOffset: classSizeOffset, as: UInt32.self))
        let addressPoint = Int(metadata.load(fromByteOffset: classSizeOffset + 4, as: UInt32.self))
        let bytes = size - addressPoint
        guard addressPoint >= 0, bytes % 8 == 0, bytes / 8 > headerWords, bytes <= 1 << 16 else { return nil }
        return bytes / 8
    }

    #if _runtime(_ObjC)
    /// The byte offset of `ClassSize` in class metadata: after the isa, the superclass, two cache
    /// words and the data word, then the flags, the instance address point and size, and the
    /// instance alignment mask with a reserved half.
    private static let classSizeOffset = 56
    /// The header's words: those above, then `ClassSize`, `ClassAddressPoint`, the description
    /// and the ivar destroyer.
    private static let headerWords = 10
    #else
    /// The byte offset of `ClassSize` in class metadata: after the kind, the superclass, the
    /// flags, the instance address point and size, and the instance alignment mask with a
    /// reserved half.
    private static let classSizeOffset = 32
    /// The header's words: those above, then `ClassSize`, `ClassAddressPoint`, the description
    /// and the ivar destroyer.
    private static let headerWords = 7
    #endif

    /// `_EachFieldOptions.classType` (walk a class's fields, not a struct's), spelled by its raw
    /// value because the standard library declares that option as a mutable static.
    private static let classTypeFields = _EachFieldOptions(rawValue: 1 << 0)
    /// No `_EachFieldOptions` (walk a struct's fields), spelled by its raw value, as the default
    /// argument's array literal runs `SetAlgebra`'s generic initialiser.
    private static let noFieldOptions = _EachFieldOptions(rawValue: 0)

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
    fileprivate static func metadataKind<Value>(of _: Value.Type) -> _MetadataKind? {
        var kind: _MetadataKind?
        _ = _forEachField(of: KindProbe<Value>.self, options: noFieldOptions) { _, _, _, fieldKind in
            kind = fieldKind
            return false
        }
        return kind
    }
    #endif
}

#if !JASTOR_SAFE_REFLECTION
/// A class that overrides the polymorphism hook and adds nothing else, to find its vtable entry.
private final class HookOverridingProbe: JastorObject {
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? { nil }
}

/// A class that adds nothing to ``JastorObject``, to find the hook's vtable entry.
private final class HookKeepingProbe: JastorObject {}

/// A struct whose one field has the type whose kind ``RuntimeLayout/metadataKind(of:)`` asks.
private struct KindProbe<Value> {
    var value: Value
}

/// Optionals, to ask the kind of what they wrap.
private protocol OptionalStorage {
    static var wrappedKind: _MetadataKind? { get }
}

extension Optional: OptionalStorage {
    fileprivate static var wrappedKind: _MetadataKind? { RuntimeLayout.metadataKind(of: Wrapped.self) }
}
#endif
