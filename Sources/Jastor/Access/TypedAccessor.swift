import Foundation

/// An accessor that knows its key path's root and value types.
///
/// That is enough to check a registration against the declaration.
///
/// On its own it is the accessor of an ignored property.
class TypedAccessor<Root: JastorObject, Value>: PropertyAccessor, @unchecked Sendable {
    // @unchecked: a non-final subclass of `PropertyAccessor`; its one `let` key path is immutable and
    // key paths are values that never change once formed.
    private let keyPath: KeyPath<Root, Value>

    init(keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
    }

    override var valueTypeName: String { TypeName.short(Value.self) }
    override var rootTypeName: String { TypeName.short(Root.self) }

    override func applies(to type: JastorObject.Type) -> Bool { type is Root.Type }

    override func matchesStoredValue(_ value: Any) -> Bool {
        type(of: value) == Value.self || (Value.self is AnyObject.Type && value is Value)
    }

    override var erasedKeyPath: AnyKeyPath? { keyPath }
    override var keyPathDescription: String { String(describing: keyPath) }
    override var valueType: Any.Type { Value.self }
    override var valueIsBitwiseCopyable: Bool { _isPOD(Value.self) }

    override func probeWriters() -> [(JastorObject) -> Void] {
        guard let writable = keyPath as? ReferenceWritableKeyPath<Root, Value> else { return [] }
        return ProbeSamples.values(of: Value.self).map { sample in
            { model in (model as? Root)?[keyPath: writable] = sample }
        }
    }

    override func probeRestorer(for model: JastorObject) -> () -> Void {
        guard !(Value.self is AnyObject.Type), !(Value.self is any OptionalModel.Type),
            let writable = keyPath as? ReferenceWritableKeyPath<Root, Value>, let root = model as? Root
        else { return {} }
        let original = root[keyPath: keyPath]
        return { root[keyPath: writable] = original }
    }

    override func valueThroughKeyPath(in model: JastorObject) -> Any? {
        (model as? Root).map { $0[keyPath: keyPath] }
    }

    override func valueBytes(in model: JastorObject) -> [UInt8]? {
        guard let root = model as? Root else { return nil }
        return withUnsafeBytes(of: root[keyPath: keyPath]) { Array($0) }
    }

    override func readsSamples(fromFieldAt offset: Int, of model: JastorObject) -> Bool {
        let samples = ProbeSamples.values(of: Value.self).prefix(2)
        guard let root = model as? Root, samples.count == 2 else { return false }
        return RuntimeLayout.withStorage(of: root, at: offset, as: Value.self) { field in
            let original = field.move()
            let readsBack = samples.allSatisfy { sample in
                field.initialize(to: sample)
                let read = root[keyPath: keyPath]
                field.deinitialize(count: 1)
                return withUnsafeBytes(of: read) { read in withUnsafeBytes(of: sample) { read.elementsEqual($0) } }
            }
            field.initialize(to: original)
            return readsBack
        }
    }
}
