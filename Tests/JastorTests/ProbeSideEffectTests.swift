import Foundation
import Jastor
import Testing

// Building a plan writes samples through the setters of blank models to tell which field a key
// path reaches. A setter that keeps its value outside the model (a property wrapper over
// `UserDefaults` or the keychain) must hold what it held before once the class is first used.

/// A store outside every model, as `UserDefaults` is.
private final class SettingsStore: @unchecked Sendable {
    // @unchecked: `values` is only reached under `lock`.
    static let shared = SettingsStore()
    private let lock = NSLock()
    private var values: [String: String] = [:]

    subscript(key: String) -> String? {
        get { lock.withLock { values[key] } }
        set { lock.withLock { values[key] = newValue } }
    }
}

@propertyWrapper private struct Stored: Sendable {
    let key: String

    var wrappedValue: String {
        get { SettingsStore.shared[key] ?? "" }
        nonmutating set { SettingsStore.shared[key] = newValue }
    }
}

private final class SignIn: JastorObject {
    var login = ""
    @Stored(key: "attack21.signIn.token") var token: String

    override class var properties: [JastorProperty] {
        [.init("login", \SignIn.login), .init("token", \SignIn.token)]
    }
}

private final class ShortSignIn: JastorObject {
    var login = ""
    @Stored(key: "attack21.shortSignIn.token") var token: String

    override class var properties: [JastorProperty] { register(\.login, \.token) }
}

@Suite struct ProbeSideEffectTests {
    @Test func aWrapperKeepingItsValueOutsideTheModelKeepsItThroughFirstUse() throws {
        SettingsStore.shared["attack21.signIn.token"] = "saved"
        #expect(SignIn.declarationIssues.isEmpty)
        #expect(SettingsStore.shared["attack21.signIn.token"] == "saved")
        let signIn = try SignIn(validating: ["login": "ann"])
        #expect(signIn.token == "saved")
        let renewed = try SignIn(validating: ["login": "ann", "token": "new"])
        #expect(renewed.token == "new")
        #expect(SettingsStore.shared["attack21.signIn.token"] == "new")
    }

    @Test func theShortFormIsReportedAndLeavesTheValueAsItWas() {
        SettingsStore.shared["attack21.shortSignIn.token"] = "saved"
        let issues = ShortSignIn.declarationIssues.map(\.description)
        #expect(issues.count == 2)
        #expect(
            issues.last
                == "ShortSignIn.token: expected a registration in ShortSignIn.properties, found an unregistered stored property"
        )
        #expect(SettingsStore.shared["attack21.shortSignIn.token"] == "saved")
        #expect(ShortSignIn(dictionary: ["login": "ann"]).token == "saved")
    }
}
