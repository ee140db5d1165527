import Foundation

/// The process-wide cache of class plans, safe to use from any thread.
///
/// A plan is built the first time a class is mapped, outside the lock (building runs user code:
/// the class's initialiser and registrations); if two threads build the same plan at once, the
/// first one stored wins and both use it.
final class PlanCache: Sendable {
    static let shared = PlanCache(report: PlanCache.printInDebugBuilds)

    private struct State {
        /// The plans stored, in the order of their classes' identifiers, searched by halving.
        ///
        /// Not a dictionary: hashing an `ObjectIdentifier` calls the standard library's integer
        /// hashing, a page block of it nothing else in mapping runs (Performance, "Peak memory and
        /// two threads (12)"). A lookup runs once per class and run (``RunPlans``), an insertion
        /// once per class.
        var plans: [(type: UInt, plan: ClassPlan)] = []
        /// The classes whose plans are being built, each with the thread building it.
        var building: [(type: UInt, thread: pthread_t)] = []
        /// The plans handed out for classes asked for while their own plans were being built
        /// (``ClassPlan/init(beingBuilt:)``), one per class, held as ``plans`` are.
        var beingBuilt: [(type: UInt, plan: ClassPlan)] = []

        /// Where the plan of `type` is, or would be inserted.
        func position(of type: UInt) -> Int {
            var low = 0
            var high = plans.count
            while low < high {
                let middle = (low + high) / 2
                if plans[middle].type < type { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// Where `thread`'s entry for `type` is in ``building``, if that thread is building it.
        func buildEntry(of type: UInt, on thread: pthread_t) -> Int? {
            building.lastIndex { $0.type == type && pthread_equal($0.thread, thread) != 0 }
        }

        func plan(of type: UInt) -> ClassPlan? {
            let position = position(of: type)
            return position < plans.count && plans[position].type == type ? plans[position].plan : nil
        }
    }

    private let state = Locked(State())
    /// Called once with each plan stored that has declaration issues.
    private let report: @Sendable (ClassPlan) -> Void

    /// Creates an empty cache.
    ///
    /// - Parameter report: Called once with each plan stored that has declaration issues.
    init(report: @escaping @Sendable (ClassPlan) -> Void) {
        self.report = report
    }

    /// The plan of `type`, built on first use.
    ///
    /// Asked for again by the thread building it (user code the build runs, such as a blank
    /// model's default value, maps the class), it is ``ClassPlan/init(beingBuilt:)``, which maps
    /// nothing, rather than a second build that would ask again, until the stack overflows.
    func plan(for type: JastorObject.Type) -> ClassPlan {
        let id = UInt(bitPattern: ObjectIdentifier(type))
        if let plan = state.withLock({ $0.plan(of: id) }) { return plan }
        let thread = pthread_self()
        let isAskedAgain = state.withLock { state in
            if state.buildEntry(of: id, on: thread) != nil { return true }
            state.building.append((id, thread))
            return false
        }
        if isAskedAgain { return planBeingBuilt(for: type, id: id) }
        let built = ClassPlan(modelType: type)
        let (plan, isNew) = state.withLock { state in
            if let index = state.buildEntry(of: id, on: thread) { state.building.remove(at: index) }
            let position = state.position(of: id)
            if position < state.plans.count, state.plans[position].type == id {
                return (state.plans[position].plan, false)
            }
            state.plans.insert((id, built), at: position)
            return (built, true)
        }
        if isNew, !plan.declarationIssues.isEmpty { report(plan) }
        return plan
    }

    /// The plan that maps nothing, for `type` asked for while its plan is being built; kept until
    /// the process ends, as every plan the cache hands out is (``PlanReference`` holds none).
    private func planBeingBuilt(for type: JastorObject.Type, id: UInt) -> ClassPlan {
        if let plan = state.withLock({ $0.beingBuilt.first { $0.type == id }?.plan }) { return plan }
        let built = ClassPlan(beingBuilt: type)
        return state.withLock { state in
            if let plan = state.beingBuilt.first(where: { $0.type == id })?.plan { return plan }
            state.beingBuilt.append((id, built))
            return built
        }
    }

    /// The text reported for a class whose declaration has issues: one line naming the class,
    /// then one line per issue.
    static func reportText(for plan: ClassPlan) -> String {
        let name = String(describing: plan.modelType)
        let lines = plan.declarationIssues.map { "  \($0)\n" }.joined()
        return "Jastor: \(name) is declared with \(plan.declarationIssues.count) issue(s); strict mapping "
            + "throws them and \(name).declarationIssues lists them:\n\(lines)"
    }

    /// Writes ``reportText(for:)`` to standard error in debug builds, so that a declaration
    /// mistake is seen even where only lenient mapping runs; release builds stay silent.
    @Sendable private static func printInDebugBuilds(_ plan: ClassPlan) {
        #if DEBUG
        FileHandle.standardError.write(Data(reportText(for: plan).utf8))
        #endif
    }
}
