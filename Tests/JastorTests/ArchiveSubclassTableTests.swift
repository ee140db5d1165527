import Foundation
import Jastor
import Testing

// An `archiveSubclasses` table that lists a class outside the hierarchy below the class
// declaring it: archives never resolve that class there, so the entry did nothing, silently.

private class Vehicle: JastorObject {
    var wheels = 0

    override class var properties: [JastorProperty] { register(\.wheels) }
    override class var archiveSubclasses: [JastorObject.Type] { [Truck.self, Garage.self] }
}

private final class Truck: Vehicle {
    var load = 0

    override class var properties: [JastorProperty] { register(\.load) }
}

/// Not a vehicle: listed by mistake (meant: a subclass).
private final class Garage: JastorObject {
    var vehicles: [Vehicle] = []

    override class var properties: [JastorProperty] { register(\.vehicles) }
}

/// A table of the hierarchy's own classes, inherited by its subclass: no issue.
private class Fruit: JastorObject {
    var name = ""

    override class var properties: [JastorProperty] { register(\.name) }
    override class var archiveSubclasses: [JastorObject.Type] { [Apple.self, Pear.self] }
}

private final class Apple: Fruit {}

private final class Pear: Fruit {}

@Suite struct ArchiveSubclassTableTests {
    @Test func aClassOutsideTheHierarchyInTheTableIsReported() {
        let issue =
            "Vehicle.archiveSubclasses: expected subclasses of Vehicle, found Garage, which is not one "
            + "(archives never resolve it there)"
        #expect(Vehicle.declarationIssues.map(\.description) == [issue])
        // The subclass inherits the table, and the mistake.
        #expect(
            Truck.declarationIssues.map(\.description) == [
                "Truck.archiveSubclasses: expected subclasses of Vehicle, found Garage, which is not one "
                    + "(archives never resolve it there)"
            ])
        #expect(Garage.declarationIssues.isEmpty)
    }

    @Test func anInheritedTableOfTheHierarchysClassesIsNoMistake() {
        #expect(Fruit.declarationIssues.isEmpty)
        #expect(Apple.declarationIssues.isEmpty)
        #expect(Pear.declarationIssues.isEmpty)
    }
}
