import Foundation
import Jastor
import Testing

private final class JOAddress: JastorObject {
    var street = ""
    var city = ""

    override class var properties: [JastorProperty] {
        [.init("street", \JOAddress.street), .init("city", \JOAddress.city)]
    }
}

private final class JOPerson: JastorObject {
    var personName = ""
    var age = 0
    var male = false
    var address: JOAddress?
    var contacts: [JOPerson] = []

    override class var properties: [JastorProperty] {
        [
            .init("personName", \JOPerson.personName, key: "name"), .init("age", \JOPerson.age),
            .init("male", \JOPerson.male), .init("address", \JOPerson.address),
            .init("contacts", \JOPerson.contacts),
        ]
    }
}

/// Nested models, ported from JsonORM's examples: renamed keys, nested objects and arrays, unknown
/// keys, bad roots.
@Suite struct NestedModelTests {
    @Test func personWithAddressAndContacts() throws {
        var issues: [JastorIssue] = []
        let person = JOPerson(dictionary: try Fixtures.dictionary("person_jsonorm"), issues: &issues)
        #expect(issues.isEmpty, "unknown keys (shoeSize, zip) are ignored silently: \(issues)")
        #expect(person.personName == "Sven")
        #expect(person.age == 42)
        #expect(person.male == true)
        #expect(person.address?.street == "Stortorget 1")
        #expect(person.address?.city == "Malmö")
        #expect(person.contacts.map(\.personName) == ["Anna", "Nils"])
        #expect(person.contacts[0].address?.city == "Malmö")
        #expect(person.contacts[1].address == nil)
        #expect(person.contacts[1].male == true)
    }

    @Test func parsesAndMapsInOneCall() throws {
        let person = try JOPerson(json: try Fixtures.data("person_jsonorm"))
        #expect(person.address?.city == "Malmö")
        let fromString = try JOPerson(jsonString: #"{"name": "Anna", "male": false}"#)
        #expect(fromString.personName == "Anna")
    }

    @Test(arguments: [#""just a string""#, "42", "[1, 2]", "null"])
    func rootThatIsNotAnObjectIsAClearError(json: String) throws {
        let expectedFound = [
            "\"just a string\"": #"String "just a string""#, "42": "Number 42", "[1, 2]": "Array", "null": "null",
        ]
        let error = try #require(throws: JastorError.self) { try JOPerson(validatingJSON: Data(json.utf8)) }
        #expect(error.description == "expected Object for JOPerson, found \(expectedFound[json] ?? "?")")
        #expect(throws: JastorError.self) { try JOPerson(json: Data(json.utf8)) }
    }

    @Test func syntaxErrorsAreReportedAsSuch() throws {
        let error = try #require(throws: JastorError.self) { try JOPerson(json: Data(#"{"name": "Sv"#.utf8)) }
        #expect(error.issues.map(\.kind) == [.invalidJSON])
        #expect(
            error.description
                == #"expected '"' to close the string, found the end of the input at line 1, column 13 (byte 12)"#)
    }

    @Test func rootArrays() throws {
        let array: [Any] = [["name": "A", "age": 1], "not a person", ["name": "C", "age": "old"]]
        var issues: [JastorIssue] = []
        let people = [JOPerson](jsonArray: array, issues: &issues)
        #expect(people.map(\.personName) == ["A", "C"])
        #expect(
            issues.map(\.description) == [
                #"[1]: expected JOPerson, found String "not a person""#, #"[2].age: expected Int, found String "old""#,
            ])
        let error = #expect(throws: JastorError.self) { try [JOPerson](validating: array) }
        #expect(error?.issues.count == 2)
        let fromData = try [JOPerson](json: Data(#"[{"name": "X"}, {"name": "Y"}]"#.utf8))
        #expect(fromData.map(\.personName) == ["X", "Y"])
        let notArray = #expect(throws: JastorError.self) { try [JOPerson](json: Data(#"{"name": "X"}"#.utf8)) }
        #expect(notArray?.description == "expected Array of JOPerson, found Object")
    }
}
