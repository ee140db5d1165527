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
///    into a blank model, and the one field whose bytes changed is the property's storage.
/// 3. Last, the key path's description, which spells a stored property of a `final` class
///    (`\Issue.title`, or `\Issue.<offset 24 (String)>` without field names, matched by offset).
///    It comes last because the runtime takes up to a millisecond to print some key paths.
///
/// When none of these names the property, the registration is reported.
struct KeyPathNaming {
    private let modelType: JastorObject.Type
    private let fields: [StoredField]
    /// The fields holding values (not references, which may be `weak`), whose storage can be
    /// swapped for a sample.
    private let valueSlots: [(name: String, slot: StorageSlot)]

    init(modelType: JastorObject.Type) {
        self.modelType = modelType
        self.fields = StoredPropertyWalker.fields(of: modelType)
        self.valueSlots = StoredPropertyWalker.storageSlots(of: modelType).map { label, slot in
            (StoredField(label: label, offset: slot.offset, type: slot.type, size: 0).propertyName, slot)
        }
    }

    /// The name of the stored property `accessor`'s key path reaches, or `nil` when it cannot be
    /// told.
    func propertyName(reachedBy accessor: PropertyAccessor) -> String? {
        if let name = nameByReadingSamples(through: accessor) ?? nameByReadingPatterns(through: accessor)
            ?? nameBySettingSamples(through: accessor)
        {
            return name
        }
        switch Self.spelledComponent(of: accessor.keyPathDescription, root: accessor.rootTypeName) {
        case .name(let name): return name
        case .offset(let offset): return fields.first { $0.offset == offset }?.propertyName
        case nil: return nil
        }
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
    private func nameBySettingSamples(through accessor: PropertyAccessor) -> String? {
        for write in accessor.probeWriters() {
            let model = modelType.init()
            let before = bytes(of: model)
            write(model)
            let after = bytes(of: model)
            let changed = fields.indices.filter { before[$0] != after[$0] }
            if changed.count == 1 { return fields[changed[0]].propertyName }
        }
        return nil
    }

    /// The one value field of the property's type whose samples the key path reads back.
    private func nameByReadingSamples(through accessor: PropertyAccessor) -> String? {
        let matches = valueSlots.filter { _, slot in
            slot.type == accessor.valueType && accessor.readsSamples(fromFieldAt: slot.offset, of: modelType.init())
        }
        return matches.count == 1 ? matches[0].name : nil
    }

    /// The one field of the property's type whose bit patterns the key path reads back.
    ///
    /// The patterns are all zero bits, and a first byte of 1: valid values of every plain-bytes
    /// type (`0` and `1`, `false` and `true`, an enum's first two cases), so that a getter that
    /// inspects its value meets nothing it cannot handle.
    private func nameByReadingPatterns(through accessor: PropertyAccessor) -> String? {
        guard accessor.valueIsBitwiseCopyable else { return nil }
        let candidates = fields.filter { $0.type == accessor.valueType && $0.size > 0 }
        let matches = candidates.filter { field in
            let model = modelType.init()
            return withExtendedLifetime(model) {
                let storage = UnsafeMutableRawPointer(Unmanaged.passUnretained(model).toOpaque()) + field.offset
                let buffer = UnsafeMutableRawBufferPointer(start: storage, count: field.size)
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
        return matches.count == 1 ? matches[0].propertyName : nil
    }

    /// The bytes of every field of `model`.
    private func bytes(of model: JastorObject) -> [[UInt8]] {
        withExtendedLifetime(model) {
            let base = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
            return fields.map { Array(UnsafeRawBufferPointer(start: base + $0.offset, count: $0.size)) }
        }
    }
}

// MARK: - Samples

/// Values of a property's type that differ from its usual defaults, for ``KeyPathNaming``.
enum ProbeSamples {
    /// Distinct values of `type`, or none when Jastor cannot make one.
    static func values<Value>(of type: Value.Type) -> [Value] {
        if let sampling = type as? any ProbeSampling.Type {
            return sampling.probeSamples.compactMap { $0 as? Value }
        }
        if type == [String: Any].self || type == [String: Any]?.self {
            return [["jastor": 7] as [String: Any], ["jastor": 8]].compactMap { $0 as? Value }
        }
        if type == [Any].self || type == [Any]?.self {
            return [[7] as [Any], [8]].compactMap { $0 as? Value }
        }
        if let cases = type as? any CaseIterable.Type {
            return allCases(of: cases).compactMap { $0 as? Value }
        }
        return []
    }

    private static func allCases<Cases: CaseIterable>(of type: Cases.Type) -> [Any] {
        type.allCases.map { $0 }
    }
}

/// A type ``ProbeSamples`` can make distinct values of.
protocol ProbeSampling {
    /// Two or more distinct values of the type, so that one differs from whatever default a
    /// property has.
    static var probeSamples: [Any] { get }
}

extension String: ProbeSampling { static var probeSamples: [Any] { ["jastor-probe", "jastor-probe-2"] } }
extension Bool: ProbeSampling { static var probeSamples: [Any] { [true, false] } }
extension Int: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Int] } }
extension Int8: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Int8] } }
extension Int16: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Int16] } }
extension Int32: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Int32] } }
extension Int64: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Int64] } }
extension UInt: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [UInt] } }
extension UInt8: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [UInt8] } }
extension UInt16: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [UInt16] } }
extension UInt32: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [UInt32] } }
extension UInt64: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [UInt64] } }
extension Double: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Double] } }
extension Float: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Float] } }
extension Decimal: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Decimal] } }
extension Date: ProbeSampling {
    static var probeSamples: [Any] { [Date(timeIntervalSince1970: 7), Date.distantFuture] }
}
extension UUID: ProbeSampling { static var probeSamples: [Any] { [UUID(), UUID()] } }
extension Data: ProbeSampling { static var probeSamples: [Any] { [Data([7]), Data([8])] } }

extension URL: ProbeSampling {
    static var probeSamples: [Any] {
        [URL(fileURLWithPath: "/jastor-probe"), URL(fileURLWithPath: "/jastor-probe-2")]
    }
}

extension Optional: ProbeSampling where Wrapped: ProbeSampling {
    static var probeSamples: [Any] {
        Wrapped.probeSamples.compactMap { $0 as? Wrapped }.map { Wrapped?.some($0) as Any } + [Wrapped?.none as Any]
    }
}

extension Array: ProbeSampling where Element: ProbeSampling {
    static var probeSamples: [Any] { Element.probeSamples.compactMap { $0 as? Element }.map { [$0] } + [[Element]()] }
}

extension Dictionary: ProbeSampling where Key == String, Value: ProbeSampling {
    static var probeSamples: [Any] {
        Value.probeSamples.compactMap { $0 as? Value }.map { ["jastor": $0] } + [[String: Value]()]
    }
}

extension JastorObject: ProbeSampling {
    /// A blank instance: a new reference differs from any default.
    static var probeSamples: [Any] { [self.init()] }
}
