import Foundation
import Jastor
import Testing

// A key path through a subscript is read and written on blank models while the class's plan is
// built, to tell which property it reaches; an index outside the default array traps there, as
// GuaranteesAndLimits says. Within the default array it is a declaration issue.

private final class Polyline: JastorObject {
    var xs: [Double] = []

    override class var properties: [JastorProperty] { register(\.xs[0]) }
}

private final class Segment: JastorObject {
    var xs: [Double] = [0, 1]

    override class var properties: [JastorProperty] { register(\.xs[0]) }
}

@Suite struct SubscriptKeyPathTests {
    @Test func anIndexOutsideTheDefaultArrayTrapsAtFirstUse() async {
        await #expect(processExitsWith: .failure) {
            _ = Polyline.declarationIssues
        }
    }

    @Test func anIndexInsideTheDefaultArrayIsADeclarationIssue() {
        // What the issue says depends on the way the key path was probed (the runtime's layout,
        // or Mirror in safe-reflection builds); either way `xs` is named and nothing is mapped.
        let issues = Segment.declarationIssues.map(\.description)
        #expect(issues.contains { $0.hasPrefix("Segment.xs: expected ") })
        #expect(Segment(dictionary: ["xs": [5.0]]).xs == [0, 1])
    }
}
