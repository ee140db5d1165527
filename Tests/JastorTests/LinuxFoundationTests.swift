import Foundation
import Jastor
import Testing

/// How values from `JSONSerialization` (booleans and numbers both `NSNumber` on Linux) and from
/// Swift dictionary literals are told apart.
@Suite struct LinuxFoundationTests {
    private func parsed(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func jsonBooleansAreNotNumbers() throws {
        var issues: [JastorIssue] = []
        let model = Everything(
            dictionary: try parsed(#"{"int": true, "double": false, "string": true}"#), issues: &issues)
        #expect(model.int == 0)
        #expect(model.double == 0)
        #expect(
            issues.map(\.description).sorted() == [
                "double: expected Double, found Bool false", "int: expected Int, found Bool true",
                "string: expected String, found Bool true",
            ])
    }

    @Test func jsonNumbersOtherThanZeroAndOneAreNotBooleans() throws {
        #expect(Everything(dictionary: try parsed(#"{"bool": 1}"#)).bool == true)
        #expect(Everything(dictionary: try parsed(#"{"bool": 0.0}"#)).bool == false)
        var issues: [JastorIssue] = []
        _ = Everything(dictionary: try parsed(#"{"bool": 5}"#), issues: &issues)
        #expect(issues.map(\.description) == ["bool: expected Bool, found Number 5"])
    }

    @Test func jsonBooleansFillBooleans() throws {
        #expect(Everything(dictionary: try parsed(#"{"bool": true}"#)).bool == true)
        #expect(Everything(dictionary: try parsed(#"{"bool": false}"#)).bool == false)
    }

    @Test func largeIntegersStayExact() throws {
        let model = Everything(
            dictionary: try parsed(
                #"{"int64": 505874924095815681, "uint64": 18446744073709551615, "string": 505874924095815681}"#))
        #expect(model.int64 == 505_874_924_095_815_681)
        #expect(model.uint64 == UInt64.max)
        #expect(model.string == "505874924095815681")
    }

    @Test func integralDoublesFromJSONFillIntegers() throws {
        #expect(Everything(dictionary: try parsed(#"{"int": 42.0, "string": 94015.0}"#)).int == 42)
        #expect(Everything(dictionary: try parsed(#"{"string": 94015.0}"#)).string == "94015")
    }

    @Test func longDecimalNumbersRoundCorrectly() throws {
        let json = try parsed(#"{"double": -65.613616999999977}"#)
        #expect(json["double"] is NSDecimalNumber, "what Linux JSONSerialization produces for this number")
        #expect(Everything(dictionary: json).double == -65.613616999999977)
        #expect(Everything(dictionary: json).double.bitPattern == Double("-65.613616999999977")?.bitPattern)
        for text in [
            "0.1000000000000000055511151231257827", "123456789012345678901234567.5", "-1e-100", "1.5e120",
            "-0.000000000000000000000000000000000001", "9007199254740992",
        ] {
            let decimal = NSDecimalNumber(string: text)
            #expect(!decimal.decimalValue.isNaN, "\(text) is within Decimal's range")
            #expect(Everything(dictionary: ["double": decimal]).double == Double(decimal.decimalValue.description))
        }
        // An integer a Double does not hold is refused, as the same JSON number and its text are.
        var inexact: [JastorIssue] = []
        let refused = Everything(dictionary: ["double": NSDecimalNumber(string: "9007199254740993")], issues: &inexact)
        #expect(refused.double == 0)
        #expect(inexact.map(\.description) == ["double: expected Double, found Number 9007199254740993"])
        var issues: [JastorIssue] = []
        _ = Everything(dictionary: ["double": NSDecimalNumber.notANumber], issues: &issues)
        #expect(issues.map(\.kind) == [.invalidValue])
    }

    @Test func nsNumbersBuiltByHandFollowTheSameRules() {
        #expect(Everything(dictionary: ["bool": NSNumber(value: true)]).bool == true)
        #expect(Everything(dictionary: ["int": NSNumber(value: true)]).int == 0)
        #expect(Everything(dictionary: ["int": NSNumber(value: 7)]).int == 7)
        #expect(Everything(dictionary: ["double": NSNumber(value: 2.5)]).double == 2.5)
        #expect(Everything(dictionary: ["decimal": NSDecimalNumber(string: "1.23")]).decimal == Decimal(string: "1.23"))
    }

    @Test func swiftLiteralsFollowTheSameRules() {
        #expect(Everything(dictionary: ["int": true]).int == 0)
        #expect(Everything(dictionary: ["bool": 1]).bool == true)
        #expect(Everything(dictionary: ["uint8": UInt8(9), "int16": Int32(-5), "float": Float(1.5)]).uint8 == 9)
        #expect(Everything(dictionary: ["int16": Int32(-5)]).int16 == -5)
        #expect(Everything(dictionary: ["uint64": UInt64.max]).uint64 == UInt64.max)
    }

    @Test func bridgedFoundationContainersAreRead() {
        let dictionary = NSDictionary(dictionary: ["name": NSString(string: "bridged")])
        let model = ProductCategory(dictionary: ["children": NSArray(array: [dictionary])])
        #expect(model.children.map(\.name) == ["bridged"])
    }

    @Test func nonJSONValuesAreMismatches() {
        var issues: [JastorIssue] = []
        _ = Everything(dictionary: ["string": Date(timeIntervalSince1970: 0)], issues: &issues)
        #expect(issues.map(\.description) == ["string: expected String, found Date 1970-01-01T00:00:00Z"])
    }
}
