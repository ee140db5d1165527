import Testing

@testable import Jastor

/// A mapping run looks each class's plan up in the shared cache once and keeps it; more classes
/// than it keeps still get their own plans.
@Suite struct RunPlansTests {
    @Test func eachClassGetsItsOwnPlanBeyondTheRunsMemory() {
        let classes: [JastorObject.Type] = [
            TwDescription.self, TwEntities.self, TwHashtag.self, TwMedia.self, TwMedium.self, TwMetadata.self,
            TwSearchMetadata.self, TwSearchResponse.self, TwSizes.self, TwStatus.self, TwStatusEntities.self,
            TwURL.self, TwUser.self, TwUserMention.self, GhActor.self, GhAuthor.self, GhCommit.self, GhEvent.self,
            GhIssue.self, GhLabel.self, GhRepo.self,
        ]
        var plans = RunPlans()
        for _ in 0..<3 {
            for type in classes {
                let plan = plans.plan(for: type)
                #expect(plan.modelType == type)
                #expect(plan === PlanCache.shared.plan(for: type))
            }
        }
    }

    /// Classes asked for again at once, after one other, and after more than the run keeps (the
    /// last one asked for is answered without a search): each time the class's own plan.
    @Test func aClassAskedForAgainGetsItsPlan() {
        let classes: [JastorObject.Type] = [
            TwDescription.self, TwEntities.self, TwHashtag.self, TwMedia.self, TwMedium.self, TwMetadata.self,
            TwSearchMetadata.self, TwSearchResponse.self, TwSizes.self, TwStatus.self, TwStatusEntities.self,
            TwURL.self, TwUser.self, TwUserMention.self, GhActor.self, GhAuthor.self, GhCommit.self, GhEvent.self,
        ]
        let order = [0, 0, 1, 0, 0, 2, 2, 1] + Array(classes.indices) + [17, 17, 0, 17, 0, 0, 5, 17]
        var plans = RunPlans()
        for index in order {
            let type = classes[index]
            let plan = plans.plan(for: type)
            #expect(plan.modelType == type, "class \(index)")
            #expect(plan === PlanCache.shared.plan(for: type), "class \(index)")
        }
    }

    /// The shared cache keeps its plans ordered by class identity: classes arriving in any order
    /// (here forward, backward, and from both ends in turn) each get their own plan, the same one
    /// every time.
    @Test func aCacheFindsEachPlanWhateverOrderClassesArriveIn() {
        let classes: [JastorObject.Type] = [
            TwDescription.self, TwEntities.self, TwHashtag.self, TwMedia.self, TwMedium.self, TwMetadata.self,
            TwSearchMetadata.self, TwSearchResponse.self, TwSizes.self, TwStatus.self, TwStatusEntities.self,
            TwURL.self, TwUser.self, TwUserMention.self, GhActor.self, GhAuthor.self, GhCommit.self, GhEvent.self,
            GhIssue.self, GhLabel.self, GhRepo.self,
        ]
        let forward = Array(classes.indices)
        let fromBothEnds = forward.indices.map { $0 % 2 == 0 ? forward[$0 / 2] : forward[forward.count - 1 - $0 / 2] }
        for order in [forward, forward.reversed(), fromBothEnds] {
            let cache = PlanCache { _ in }
            var first: [ObjectIdentifier: ClassPlan] = [:]
            for index in order {
                let plan = cache.plan(for: classes[index])
                #expect(plan.modelType == classes[index], "class \(index)")
                first[ObjectIdentifier(classes[index])] = plan
            }
            for index in order.reversed() {
                #expect(cache.plan(for: classes[index]) === first[ObjectIdentifier(classes[index])], "class \(index)")
            }
        }
    }
}
