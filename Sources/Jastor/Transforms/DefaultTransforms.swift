import Foundation

/// The process-wide default transforms, by type.
final class DefaultTransforms: Sendable {
    static let shared = DefaultTransforms()

    private let codecs = Locked<[ObjectIdentifier: AnyCodec]>([:])

    func register<Value>(_ codec: Codec<Value>, for type: Value.Type) {
        codecs.withLock { $0[ObjectIdentifier(type)] = codec }
    }

    func codec<Value>(for type: Value.Type) -> Codec<Value>? {
        codecs.withLock { $0[ObjectIdentifier(type)] } as? Codec<Value>
    }
}
