import Foundation
import Jastor

// Models for IssueAgreementLawTests: one property of each common shape, a nested model, an array of
// models, a key path and a typed dictionary, so that a wrong value can land anywhere.

final class AgreementOwner: JastorObject {
    var id = 0
    var nick = ""

    override class var properties: [JastorProperty] { register(\.id, \.nick) }
}

final class AgreementRecord: JastorObject {
    var id: Int64 = 0
    var name = ""
    var score = 0.0
    var flag = false
    var tags: [Int] = []
    var owner = AgreementOwner()
    var members: [AgreementOwner] = []
    var city = ""
    var counts: [String: Int] = [:]
    var note: String?

    override class var properties: [JastorProperty] {
        register(\.id, \.name, \.score, \.flag, \.tags, \.owner, \.members, \.counts, \.note) {
            property(\.city, key: "address.city")
        }
    }
}

enum AgreementShade: String, JastorValue {
    case light, dark
}

/// Issues deep inside nested arrays, typed dictionaries, a key path of hostile keys, untyped values
/// and raw-value enums, for IssuePathLawTests.
final class AgreementPaths: JastorObject {
    var grid: [[Int]] = []
    var byKey: [String: [Int]] = [:]
    var deep = 0
    var anything: [String: Any] = [:]
    var shades: [AgreementShade] = []

    override class var properties: [JastorProperty] {
        register(\.grid, \.byKey, \.shades) {
            property(\.anything)
            property(\.deep, key: JastorPath(["outer", "a.b", 2, "x\"y", "", "7"]))
        }
    }
}
