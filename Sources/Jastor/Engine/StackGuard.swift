#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Tells recursive code when the current thread's stack is nearly used up.
///
/// The mapper, the output and the property-list reader recurse once per level of nesting, and
/// stop at 256 levels. A model in an array (two levels) costs about 2.5 KB of stack in a release
/// build but 6.8 KB in a debug build, which inlines nothing (more under sanitizers), so on a
/// 512 KB thread (Dispatch's secondary threads) a debug build would overflow long before 256
/// levels. The functions on the stack at every level keep their rare paths out of line for that
/// reason (`MappingEngine.fill`, `FoundationObject.forEachMappedMember`, `KeyPathAccessor.decode`). Each of them therefore also stops, with the
/// same issue, where less than ``reserve`` bytes of the thread's stack are left.
///
/// The stack's lowest address is looked up once per thread (on Linux, the main thread's takes a
/// read of `/proc/self/maps`) and kept in a thread-specific slot.
enum StackGuard {
    /// The stack kept free below the last level: room for a few more levels of any kind and for
    /// recording the issue.
    static let reserve: UInt = 64 * 1024

    /// Where the current thread's stack is too low for another level.
    struct Limit {
        /// The lowest address of the stack (0 when its bounds cannot be found).
        let bottom: UInt
        /// The address below which the stack is too low for another level (0 when unknown: then only
        /// the level limits apply).
        let low: UInt
    }

    /// The limit of the current thread's stack, found once per thread.
    static func currentLimit() -> Limit {
        if let cached = pthread_getspecific(slot.key) {
            return Limit(
                bottom: cached.load(as: UInt.self),
                low: cached.load(fromByteOffset: MemoryLayout<UInt>.stride, as: UInt.self))
        }
        let bottom = lowestAddress() ?? 0
        let limit = Limit(bottom: bottom, low: bottom == 0 ? 0 : bottom + reserve)
        if let storage = malloc(2 * MemoryLayout<UInt>.size) {
            storage.storeBytes(of: limit.bottom, as: UInt.self)
            storage.storeBytes(of: limit.low, toByteOffset: MemoryLayout<UInt>.stride, as: UInt.self)
            pthread_setspecific(slot.key, storage)
        }
        return limit
    }

    /// Whether the stack, as far as the caller has used it, is below `limit`.
    ///
    /// A local's address stands for the stack pointer. Under AddressSanitizer with
    /// `detect_stack_use_after_return`, locals whose address is taken live on a separate "fake
    /// stack" on the heap: an address outside the thread's stack says nothing, and the guard
    /// stands aside (the level limits still apply). `.ci/run` turns that option off.
    @inline(__always)
    static func isLow(_ limit: Limit) -> Bool {
        var marker: UInt8 = 0
        let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return address < limit.low && address >= limit.bottom
    }

    /// The lowest address of the current thread's stack.
    private static func lowestAddress() -> UInt? {
        #if canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        return top - UInt(pthread_get_stacksize_np(pthread_self()))
        #else
        var attributes = pthread_attr_t()
        guard let getAttributes = threadAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return UInt(bitPattern: address)
        #endif
    }

    #if !canImport(Darwin)
    /// glibc's `pthread_getattr_np`, which Swift's `Glibc` module leaves out (it needs
    /// `_GNU_SOURCE`); looked up by name once.
    private static let threadAttributes: ThreadAttributes? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        // Sound: glibc's `pthread_getattr_np` has exactly the C signature `ThreadAttributes` spells,
        // and a C function pointer and a raw pointer have the same size.
        return unsafeBitCast(symbol, to: ThreadAttributes.self)
    }()

    private typealias ThreadAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    #endif

    /// The thread-specific slot holding each thread's limit, freed when the thread ends.
    private static let slot = Slot()

    private final class Slot: Sendable {
        let key: pthread_key_t

        init() {
            var key = pthread_key_t()
            #if canImport(Darwin)
            pthread_key_create(&key) { free($0) }
            #else
            pthread_key_create(&key) { free($0) }
            #endif
            self.key = key
        }
    }
}
