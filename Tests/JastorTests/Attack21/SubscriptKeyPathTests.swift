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
        let issues = Segment.declarationIssues.map(\.description)
        #expect(issues.count == 2)
        #expect(
            issues.last
                == "Segment.xs: expected a registration in Segment.properties, found an unregistered stored property")
    }
}
