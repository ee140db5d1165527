import Foundation
import Jastor
import Synchronization
import Testing

private enum Catalog {
    final class Item: JastorObject {
        var title = ""

        override class var properties: [JastorProperty] { [.init("title", \Item.title)] }
    }
}

private final class Box<Content: JastorObject>: JastorObject {
    var contents: [Content] = []

    override class var properties: [JastorProperty] { [.init("contents", \Box<Content>.contents)] }
}

/// A class with a pinned archive name and the names it had before.
private final class Gadget: JastorObject {
    var label = ""

    override class var archiveName: String { "shop.gadget" }
    override class var archiveAliases: [String] { ["Gizmo", "OldShop.Gizmo"] }
    override class var properties: [JastorProperty] { [.init("label", \Gadget.label)] }
}

private class Vehicle: JastorObject {
    var wheels = 0

    override class var properties: [JastorProperty] { [.init("wheels", \Vehicle.wheels)] }
    override class var archiveSubclasses: [JastorObject.Type] { [Car.self, Boat.self] }
}

private final class Car: Vehicle {
    var seats = 0

    override class var properties: [JastorProperty] { [.init("seats", \Car.seats)] }
}

/// A sibling of ``Car`` that counts its instances: no archive may get one built where a car is declared.
private final class Boat: Vehicle {
    static let instances = Atomic(0)

    var serialNumber = Boat.instances.add(1, ordering: .relaxed).newValue

    override class var properties: [JastorProperty] { [.ignored("serialNumber", \Boat.serialNumber)] }
}

/// A registered model class unrelated to vehicles, which counts its instances.
private final class Stranger: JastorObject {
    static let instances = Atomic(0)

    var serialNumber = Stranger.instances.add(1, ordering: .relaxed).newValue

    override class var properties: [JastorProperty] { [.ignored("serialNumber", \Stranger.serialNumber)] }
}

/// A garage whose car slot's polymorphism hook returns an unrelated class.
private final class Garage: JastorObject {
    var car: Car?
    var vehicles: [Vehicle] = []

    override class var properties: [JastorProperty] {
        [.init("car", \Garage.car), .init("vehicles", \Garage.vehicles)]
    }
}

/// A car whose polymorphism hook picks a class that is not a car.
private final class StrangeCar: JastorObject {
    var car: HookedCar?

    override class var properties: [JastorProperty] { [.init("car", \StrangeCar.car)] }
}

private final class HookedCar: JastorObject {
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? { Stranger.self }
}

/// A base class whose subclasses no table lists.
private class Shape: JastorObject {
    var sides = 0

    override class var properties: [JastorProperty] { [.init("sides", \Shape.sides)] }
}

private final class Square: Shape {}

private final class Triangle: Shape {}

private final class Drawing: JastorObject {
    var shape: Shape?

    override class var properties: [JastorProperty] { [.init("shape", \Drawing.shape)] }
}

/// Two classes that claim one archive name.
private final class FirstTwin: JastorObject {
    var a = 0

    override class var archiveName: String { "Twin" }
    override class var properties: [JastorProperty] { [.init("a", \FirstTwin.a)] }
}

private final class SecondTwin: JastorObject {
    var b = 0

    override class var archiveName: String { "Twin" }
    override class var properties: [JastorProperty] { [.init("b", \SecondTwin.b)] }
}

private final class Twins: JastorObject {
    var first = FirstTwin()
    var second = SecondTwin()

    override class var properties: [JastorProperty] { [.init("first", \Twins.first), .init("second", \Twins.second)] }
}

/// A class whose pinned name holds an address, as `String(reflecting:)` of a local class would.
private final class Unstable: JastorObject {
    override class var archiveName: String { "(unknown context at $55d0a1b2c3d4).Unstable" }
}

/// Archive names: stable across launches and module renames, pinned, aliased, resolved only
/// among the classes the app declares, and checked when the archive is written.
@Suite struct ArchiveClassNameTests {
    private func json(_ model: JastorObject) throws -> String {
        String(decoding: try model.archivedData(format: .json), as: UTF8.self)
    }

    @Test func defaultNamesHoldNoModuleAndNoAddress() {
        final class Local: JastorObject {}
        #expect(Product.archiveName == "Product")
        #expect(Catalog.Item.archiveName == "Catalog.Item")
        #expect(Box<Catalog.Item>.archiveName == "Box<Catalog.Item>")
        #expect(Gadget.archiveName == "shop.gadget")
        #expect(Boat.archiveName == "Boat", "private: \(String(reflecting: Boat.self))")
        #expect(Local.archiveName == "ArchiveClassNameTests.Local", "local: \(String(reflecting: Local.self))")
    }

    @Test func archivesRecordTheArchiveNames() throws {
        let box = Box<Catalog.Item>()
        box.contents = [Catalog.Item(dictionary: ["title": "pen"])]
        let text = try json(box)
        #expect(text.contains(#""rootClass":"Box<Catalog.Item>","classes":{"Box<Catalog.Item>":1,"Catalog.Item":1}"#))
        #expect(try Box<Catalog.Item>.unarchive(from: Data(text.utf8)).contents.map(\.title) == ["pen"])
    }

    @Test func aliasesReadArchivesWrittenUnderFormerNames() throws {
        let text = try json(Gadget(dictionary: ["label": "x"]))
        #expect(text.contains(#""rootClass":"shop.gadget""#))
        for former in ["Gizmo", "OldShop.Gizmo"] {
            let renamed = text.replacingOccurrences(of: "shop.gadget", with: former)
            #expect(try Gadget.unarchive(from: Data(renamed.utf8)).label == "x", "\(former)")
        }
        let unknown = text.replacingOccurrences(of: "shop.gadget", with: "Widget")
        let error = try #require(throws: JastorError.self) { try Gadget.unarchive(from: Data(unknown.utf8)) }
        #expect(error.description == "expected an archive of Gadget or a subclass, found one of Widget")
    }

    @Test func unlistedSubclassIsRefusedWhenArchivingNamingTheClass() throws {
        let drawing = Drawing()
        drawing.shape = Square()
        let error = try #require(throws: JastorError.self) { try drawing.archivedData() }
        #expect(
            error.description
                == "shape: expected Shape or a subclass that Shape.archiveSubclasses lists or "
                + "JastorObject.registerForArchiving(_:) registers, found Square, which another process could not resolve"
        )
        #expect(error.issues.first?.kind == .disallowedClass)
        // As a root it reads back as itself, but not through a base class that cannot resolve it.
        let square = try Square().archivedData()
        #expect(try Square.unarchive(from: square).sides == 0)
        let throughBase = try #require(throws: JastorError.self) { try Shape.unarchive(from: square) }
        #expect(throughBase.description == "expected an archive of Shape or a subclass, found one of Square")
    }

    @Test func registeredSubclassIsArchivedAndResolved() throws {
        JastorObject.registerForArchiving(Triangle.self)
        let drawing = Drawing()
        drawing.shape = Triangle(dictionary: ["sides": 3])
        let copy = try Drawing.unarchive(from: try drawing.archivedData(format: .json))
        #expect((copy.shape as? Triangle)?.sides == 3)
        #expect(try Shape.unarchive(from: try Triangle().archivedData()) is Triangle)
    }

    @Test func addressInAnArchiveNameIsRefusedWhenArchiving() throws {
        let error = try #require(throws: JastorError.self) { try Unstable().archivedData() }
        #expect(
            error.description
                == "expected a class with an archive name another process can resolve (override Unstable.archiveName), "
                + #"found Unstable, with the archive name "(unknown context at $55d0a1b2c3d4).Unstable", which holds a "#
                + "memory address or an anonymous context")
    }

    @Test func twoClassesUnderOneNameAreRefusedWhenArchiving() throws {
        let error = try #require(throws: JastorError.self) { try Twins().archivedData() }
        #expect(error.issues.map(\.path.description) == ["second"])
        #expect(error.issues.first?.found.hasSuffix(#"SecondTwin and another class both named "Twin""#) == true)
    }

    @Test func refusedClassesAreNeverInstantiated() throws {
        JastorObject.registerForArchiving(Stranger.self)
        let garage = Garage()
        garage.car = Car(dictionary: ["wheels": 4, "seats": 5])
        garage.vehicles = [Car()]
        let text = try json(garage)
        #expect(text.contains(#""car":{"wheels":4,"seats":5}"#), "a car in a car slot needs no marker")
        for intruder in ["Boat", "Stranger", "Vehicle"] {
            let crafted = text.replacingOccurrences(of: #""car":{"#, with: #""car":{"$class":"\#(intruder)","#)
                .replacingOccurrences(of: #""$class":"Car""#, with: #""$class":"\#(intruder)""#)
            let error = try #require(throws: JastorError.self) { try Garage.unarchive(from: Data(crafted.utf8)) }
            #expect(error.issues.first?.description == "car: expected Car or a subclass, found class \(intruder)")
            if intruder != "Vehicle" {
                #expect(error.issues.map(\.path.description) == ["car", "vehicles[0]"])
            }
            let root = crafted.replacingOccurrences(of: #""rootClass":"Garage""#, with: #""rootClass":"\#(intruder)""#)
            #expect(throws: JastorError.self) { try Garage.unarchive(from: Data(root.utf8)) }
        }
        var issues: [JastorIssue] = []
        _ = StrangeCar(dictionary: ["car": [:]], issues: &issues)
        #expect(issues.first?.kind == .disallowedClass)
        #expect(Boat.instances.load(ordering: .relaxed) == 0)
        #expect(Stranger.instances.load(ordering: .relaxed) == 0)
    }

    @Test func markersInPlainDictionariesChooseNothing() {
        let garage = Garage(dictionary: ["vehicles": [["$class": "Car", "wheels": 4]]])
        #expect(garage.vehicles.map { type(of: $0) == Vehicle.self } == [true])
    }
}
