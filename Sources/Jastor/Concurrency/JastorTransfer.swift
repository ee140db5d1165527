/// Carries models (or any non-`Sendable` value) from one task or actor to another, once.
///
/// Models are mutable classes, so they are not `Sendable`. Under Swift 6's region-based isolation
/// a freshly mapped model can already be passed to an actor or returned as a `sending` result;
/// what still needs `Sendable` is a task group's or a `Task`'s result type. `JastorTransfer` is
/// that `Sendable` carrier, with no `@unchecked` in your code: it takes the value as `sending`
/// (the compiler checks the sender keeps no reference to it) and hands it out to one taker.
///
/// ```swift
/// let issues = try await withThrowingTaskGroup(of: JastorTransfer<[Issue]>.self) { group in
///     for page in pages {
///         group.addTask { JastorTransfer(try [Issue](json: page)) }
///     }
///     var issues: [Issue] = []
///     for try await page in group { issues += page.take() ?? [] }
///     return issues
/// }
/// ```
public final class JastorTransfer<Value>: Sendable {
    private let slot: Locked<Value?>

    /// Wraps a value that the caller gives up.
    ///
    /// ```swift
    /// let transfer = JastorTransfer(try Issue(json: data))
    /// ```
    ///
    /// - Parameter value: The value; the compiler rejects the call if the caller could still reach it.
    public init(_ value: sending Value) {
        slot = Locked(Optional(value))
    }

    /// Takes the value out; the first call gets it, later calls get `nil`.
    ///
    /// ```swift
    /// let issue = transfer.take()
    /// ```
    ///
    /// - Returns: The value, or `nil` when it was taken already.
    public func take() -> sending Value? {
        slot.withLock { value in
            let taken = value
            value = nil
            return taken
        }
    }
}
