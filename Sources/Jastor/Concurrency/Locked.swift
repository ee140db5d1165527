#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value that many threads share, read and changed only while holding its lock.
///
/// It has the shape of `Synchronization.Mutex` (`withLock`) but locks a `pthread_mutex_t`, which
/// ThreadSanitizer understands: on Linux a contended `Mutex` waits in raw `futex` calls that the
/// sanitizer does not see, so it reports the accesses the mutex guards as races. With this lock,
/// `swift test --sanitize=thread` reports only real races.
///
/// ```swift
/// let plans = Locked([ObjectIdentifier: ClassPlan]())
/// let plan = plans.withLock { $0[id] }
/// ```
final class Locked<Value: ~Copyable>: @unchecked Sendable {
    // @unchecked: `value` is only reached inside `withLock`, between `pthread_mutex_lock` and
    // `pthread_mutex_unlock`, and `sending` keeps callers from holding on to non-Sendable parts
    // of it, exactly as `Mutex` does. The lock also makes every access exclusive, so the
    // runtime's exclusivity check (a `swift_beginAccess` call per access) is left out.
    @exclusivity(unchecked) private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ initialValue: consuming sending Value) {
        value = initialValue
        mutex = UnsafeMutablePointer.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock; other threads wait until it returns.
    func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
