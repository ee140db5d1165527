import Synchronization

/// How much work one mapping run or archive read may do before it stops with an issue.
///
/// Every value a run reads counts: each property, array element and dictionary member mapped,
/// and each value inside a `[String: Any]` or `[Any]` kept as it comes. Input that shares
/// containers (a property list whose arrays reference one another, a hand-built dictionary
/// holding the same sub-array twice at every level) describes far more values than it stores,
/// 2^40 from 40 small arrays; the run stops at the limit with a `.tooManyValues` issue, in time
/// proportional to the limit, instead of walking every path. Ordinary input stays far below the
/// default of 10 million values (`twitter.json` holds about 40 000).
///
/// Output counts the same way: `toDictionary()`, `jsonData()`, archives, `Codable` and
/// `description` count each value they write, a model or container shared by several places at
/// each of them, and stop past the limit with a `.tooManyValues` issue (`jsonData()` and
/// `Codable` throw it, archives refuse to write), so a graph built in code that shares models
/// is written in time proportional to the limit, and no archive is written that its reader
/// refuses.
///
/// The limits in effect are ``current``, a task-local value: set it for a scope, on the current
/// thread and the tasks it starts, with ``withCurrent(_:operation:file:line:)``.
///
/// ```swift
/// let small = JastorLimits(maximumValueCount: 100_000)
/// let model = try JastorLimits.withCurrent(small) {
///     try Catalog(validatingJSON: upload)
/// }
/// ```
public struct JastorLimits: Sendable, Hashable {
    /// The most values one run may read or write; one more is a `.tooManyValues` issue.
    public var maximumValueCount: Int

    /// Limits with the given value count.
    ///
    /// ```swift
    /// let limits = JastorLimits(maximumValueCount: 1_000_000)
    /// ```
    ///
    /// - Parameter maximumValueCount: The most values one run may read (10 million unless given).
    public init(maximumValueCount: Int = 10_000_000) {
        self.maximumValueCount = maximumValueCount
    }

    /// The limits mapping runs and archive reads use in this task (or thread); the defaults
    /// unless set for a scope with ``withCurrent(_:operation:file:line:)``.
    ///
    /// ```swift
    /// JastorLimits.withCurrent(JastorLimits(maximumValueCount: 1_000)) {
    ///     print(JastorLimits.current.maximumValueCount)  // 1000
    /// }
    /// ```
    public static var current: JastorLimits {
        // Until a first scope is entered nothing can be bound, and the task-local is not touched
        // (Performance, "Peak memory and two threads (12)").
        guard scopeEntered.load(ordering: .acquiring) else { return JastorLimits() }
        return scopedLimits.get() ?? JastorLimits()
    }

    /// Runs `operation` with `limits` as ``current``, on this thread and in the tasks it starts
    /// (child tasks and `Task {}`, which keep them after the scope ends; not `Task.detached`).
    ///
    /// Scopes nest: the innermost one's limits are ``current``.
    ///
    /// ```swift
    /// let small = JastorLimits(maximumValueCount: 100_000)
    /// let model = try JastorLimits.withCurrent(small) {
    ///     try Catalog(validatingJSON: upload)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - limits: The limits for the scope.
    ///   - operation: The work that runs with them.
    ///   - file: The caller's file, for the runtime's report of a misuse.
    ///   - line: The caller's line, for the same report.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @discardableResult
    public static func withCurrent<Result>(
        _ limits: JastorLimits, operation: () throws -> Result, file: String = #fileID, line: UInt = #line
    ) rethrows -> Result {
        scopeEntered.store(true, ordering: .releasing)
        return try scopedLimits.withValue(limits, operation: operation, file: file, line: line)
    }

    /// Runs the asynchronous `operation` with `limits` as ``current``, in this task and the tasks it
    /// starts (child tasks and `Task {}`, not `Task.detached`).
    ///
    /// ```swift
    /// let small = JastorLimits(maximumValueCount: 100_000)
    /// let model = try await JastorLimits.withCurrent(small) {
    ///     try Catalog(validatingJSON: await download())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - limits: The limits for the scope.
    ///   - isolation: The actor the operation runs on; the caller's.
    ///   - operation: The work that runs with them.
    ///   - file: The caller's file, for the runtime's report of a misuse.
    ///   - line: The caller's line, for the same report.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @discardableResult
    public static func withCurrent<Result>(
        _ limits: JastorLimits, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result, file: String = #fileID, line: UInt = #line
    ) async rethrows -> Result {
        scopeEntered.store(true, ordering: .releasing)
        return try await scopedLimits.withValue(
            limits, operation: operation, isolation: isolation, file: file, line: line)
    }
}

/// Whether any scope of ``JastorLimits/withCurrent(_:operation:file:line:)`` was ever entered in
/// this process.
///
/// Set before the scope binds its limits and never cleared: a task started in a scope keeps its
/// limits after the scope ends (`Task {}` copies task-local values), so a count of open scopes
/// would let such a task read the defaults. Until it is set, reading ``JastorLimits/current`` costs
/// one atomic load and leaves the task-local below unmade: making it instantiates `TaskLocal`'s
/// metadata, a page block of the concurrency library mapping never needs otherwise.
private let scopeEntered = Atomic<Bool>(false)

/// The limits of the innermost scope; `nil` outside every scope.
private let scopedLimits = TaskLocal<JastorLimits?>(wrappedValue: nil)
