/// A reference to a class plan or an object one owns, used on the mapping path without retaining it.
///
/// Plans are shared by every thread that maps. Retaining a shared object writes its reference
/// count, so two threads mapping at once would pass the count's cache line back and forth once per
/// property read; a borrowed reference writes nothing.
///
/// The fence: this file holds Jastor's one use of `Unmanaged`. Its contract:
/// - a `PlanReference` stored in a ``ClassPlan`` points to an object that the same plan also holds
///   strongly (in ``ClassPlan/properties``), in immutable `let`s, and is read only through its
///   plan, which the reader holds, so the object outlives every use;
/// - a `PlanReference` to a ``ClassPlan`` itself (``RunPlans``) points to a plan that
///   `PlanCache.shared` holds (a class's plan, or the one that maps nothing, handed out while the
///   class's plan is being built), and the shared cache never releases a plan.
///
/// Building with `-Xswiftc -DJASTOR_SAFE_REFLECTION` (which CI runs) holds the object strongly
/// instead: the same code, with the retains.
struct PlanReference<Object: AnyObject & Sendable>: Sendable {
    #if JASTOR_SAFE_REFLECTION
    private let object: Object
    #else
    private let object: Unmanaged<Object>
    #endif

    /// A reference to `object`, which must be held strongly as the contract above says.
    init(_ object: Object) {
        #if JASTOR_SAFE_REFLECTION
        self.object = object
        #else
        self.object = .passUnretained(object)
        #endif
    }

    /// Calls `body` with the object, not retained.
    @inline(__always)
    func with<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        #if JASTOR_SAFE_REFLECTION
        try body(object)
        #else
        // Sound by the contract above: the plan the caller holds holds the object strongly.
        try object._withUnsafeGuaranteedRef(body)
        #endif
    }
}
