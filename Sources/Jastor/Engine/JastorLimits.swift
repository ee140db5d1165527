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
/// The limits in effect are ``current``, a task-local value: set it for a scope, on the current
/// thread and the tasks it starts, with `withValue`.
///
/// ```swift
/// let small = JastorLimits(maximumValueCount: 100_000)
/// let model = try JastorLimits.$current.withValue(small) {
///     try Catalog(validatingJSON: upload)
/// }
/// ```
public struct JastorLimits: Sendable, Hashable {
    /// The most values one run may read; reading one more is a `.tooManyValues` issue.
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
    /// unless set for a scope with `JastorLimits.$current.withValue(_:operation:)`.
    ///
    /// ```swift
    /// JastorLimits.$current.withValue(JastorLimits(maximumValueCount: 1_000)) {
    ///     _ = Product(dictionary: json)
    /// }
    /// ```
    @TaskLocal public static var current = JastorLimits()
}
