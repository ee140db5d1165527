import Foundation

/// The process-wide cache of class plans, safe to use from any thread.
///
/// A plan is built the first time a class is mapped, outside the lock (building runs user code:
/// the class's initialiser and registrations); if two threads build the same plan at once, the
/// first one stored wins and both use it.
final class PlanCache: Sendable {
    static let shared = PlanCache(report: PlanCache.printInDebugBuilds)

    private struct State {
        var plans: [ObjectIdentifier: ClassPlan] = [:]
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
    func plan(for type: JastorObject.Type) -> ClassPlan {
        let id = ObjectIdentifier(type)
        if let plan = state.withLock({ $0.plans[id] }) { return plan }
        let built = ClassPlan(modelType: type)
        let (plan, isNew) = state.withLock { state in
            if let existing = state.plans[id] { return (existing, false) }
            state.plans[id] = built
            return (built, true)
        }
        if isNew, !plan.declarationIssues.isEmpty { report(plan) }
        return plan
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
