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
}
