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
