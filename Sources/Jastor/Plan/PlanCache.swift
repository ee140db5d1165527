/// The process-wide cache of class plans, safe to use from any thread.
///
/// A plan is built the first time a class is mapped, outside the lock (building runs user code:
/// the class's initialiser and registrations); if two threads build the same plan at once, the
/// first one stored wins and both use it.
final class PlanCache: Sendable {
    static let shared = PlanCache()

    private struct State {
        var plans: [ObjectIdentifier: ClassPlan] = [:]
    }

    private let state = Locked(State())

    /// The plan of `type`, built on first use.
    func plan(for type: JastorObject.Type) -> ClassPlan {
        let id = ObjectIdentifier(type)
        if let plan = state.withLock({ $0.plans[id] }) { return plan }
        let built = ClassPlan(modelType: type)
        return state.withLock { state in
            if let existing = state.plans[id] { return existing }
            state.plans[id] = built
            return built
        }
    }
}
