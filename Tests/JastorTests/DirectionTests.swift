import Foundation
import Jastor
import Testing

private final class MaxUser: JastorObject {
    var firstName = ""
    var middleName: String?
    var lastName = ""
    var phoneNumber = ""
    var email = ""
    var aliases: [String] = []

    override class var properties: [JastorProperty] {
        [
            .init("firstName", \MaxUser.firstName, key: "personInfo.firstName"),
            .init("middleName", \MaxUser.middleName, key: "personInfo.middleName"),
            .init("lastName", \MaxUser.lastName, key: "personInfo.lastName"),
            .init("phoneNumber", \MaxUser.phoneNumber),
            .init("email", \MaxUser.email, key: "userEmail"),
            .init("aliases", \MaxUser.aliases),
        ]
    }
}

/// The same user, with the email read but never written out.
private final class PrivateUser: JastorObject {
    var firstName = ""
    var email = ""
    var lastSeen = "today"

    override class var properties: [JastorProperty] {
        [
            .init("firstName", \PrivateUser.firstName, key: "personInfo.firstName"),
            .init("email", \PrivateUser.email, key: "userEmail", direction: .decodeOnly),
            .init("lastSeen", \PrivateUser.lastSeen, outputKey: "meta.lastSeen", direction: .encodeOnly),
        ]
    }
}

/// Property directions, ported from MAXJsonAdapter's examples: key paths both ways, output-only and
/// input-only properties, refresh.
@Suite struct DirectionTests {
    @Test func userFromNestedKeyPaths() throws {
        let user = MaxUser(dictionary: try Fixtures.dictionary("user_maxjson"))
        #expect(user.firstName == "Bruce")
        #expect(user.middleName == nil)
        #expect(user.lastName == "Wayne")
        #expect(user.phoneNumber == "7728282737")
        #expect(user.email == "batman@batman.com")
        #expect(user.aliases == ["KillTheJoker", "RobinIsMyPet101", "TheRiddlerRiddlesTheRiddle"])
    }

    @Test func toDictionaryRebuildsTheNestedShape() throws {
        let input = try Fixtures.dictionary("user_maxjson")
        let output = MaxUser(dictionary: input).toDictionary()
        var expected = input
        expected["personInfo"] = ["firstName": "Bruce", "lastName": "Wayne"]  // nil middle name left out
        #expect(try Fixtures.canonical(output) == Fixtures.canonical(expected))
    }

    @Test func decodeOnlyPropertyIsNotWrittenAndEncodeOnlyIsNotRead() throws {
        var input = try Fixtures.dictionary("user_maxjson")
        input["meta"] = ["lastSeen": "yesterday"]
        let user = PrivateUser(dictionary: input)
        #expect(user.email == "batman@batman.com")
        #expect(user.lastSeen == "today", "an encode-only property is never read")
        let output = user.toDictionary()
        #expect(output["userEmail"] == nil)
        #expect(try Fixtures.canonical(output) == #"{"meta":{"lastSeen":"today"},"personInfo":{"firstName":"Bruce"}}"#)
    }

    @Test func archivesKeepDecodeOnlyAndEncodeOnlyProperties() throws {
        let user = PrivateUser(dictionary: try Fixtures.dictionary("user_maxjson"))
        user.lastSeen = "now"
        let copy = try PrivateUser.unarchive(from: try user.archivedData(format: .json))
        #expect(copy.email == "batman@batman.com")
        #expect(copy.lastSeen == "now")
    }

    @Test func updateChangesOnlyTheGivenKeys() throws {
        let user = MaxUser(dictionary: try Fixtures.dictionary("user_maxjson"))
        user.update(with: ["phoneNumber": "5550100", "personInfo": ["lastName": "Kane"]])
        #expect(user.phoneNumber == "5550100")
        #expect(user.lastName == "Kane")
        #expect(user.firstName == "Bruce", "a key path the update lacks is untouched")
        #expect(user.email == "batman@batman.com")
        #expect(user.aliases.count == 3)
        var issues: [JastorIssue] = []
        user.update(with: ["aliases": "Batman"], issues: &issues)
        #expect(issues.map(\.description) == [#"aliases: expected [String], found String "Batman""#])
        #expect(user.aliases.count == 3)
    }
}
