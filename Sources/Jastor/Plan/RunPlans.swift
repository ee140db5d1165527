import Foundation

/// The class plans one run has used, so that each class takes the shared cache's lock once per
/// run rather than once per model: with several threads mapping at once, a lock taken per model is
/// contended and parks threads in the kernel.
struct RunPlans {
    /// The classes seen most recently; a run uses few, and a short array is searched faster than
    /// a dictionary is hashed.
    private var known: [(type: ObjectIdentifier, plan: PlanReference<ClassPlan>)] = []
    private static let capacity = 16
    /// The class asked for last and its plan: the models of an array, one after another, are
    /// mostly of one class, and this takes one comparison instead of a search of ``known``.
    private var lastType: ObjectIdentifier?
    private var lastPlan: PlanReference<ClassPlan>?

    /// The plan of `type`, from this run's classes or else the shared cache.
    mutating func plan(for type: JastorObject.Type) -> ClassPlan {
        reference(for: type).with { $0 }
    }

    /// The plan of `type` as ``plan(for:)`` finds it, to use without retaining it: the shared cache
    /// holds every plan it hands out until the process ends.
    @inline(__always)
    mutating func reference(for type: JastorObject.Type) -> PlanReference<ClassPlan> {
        let identifier = ObjectIdentifier(type)
        if identifier == lastType, let lastPlan { return lastPlan }
        return search(for: type)
    }

    /// The plan of `type` from this run's classes or else the shared cache; it becomes the last
    /// one asked for.
    @inline(never)
    private mutating func search(for type: JastorObject.Type) -> PlanReference<ClassPlan> {
        let identifier = ObjectIdentifier(type)
        let plan: PlanReference<ClassPlan>
        if let entry = known.first(where: { $0.type == identifier }) {
            plan = entry.plan
        } else {
            plan = PlanReference(PlanCache.shared.plan(for: type))
            if known.count == Self.capacity { known.removeFirst() }
            known.append((identifier, plan))
        }
        lastType = identifier
        lastPlan = plan
        return plan
    }
}
