import Foundation
import Jastor
import Observation
import Synchronization
import Testing

@Observable private final class LiveOwner: JastorObject {
    var login = ""

    override class var properties: [JastorProperty] { register(\.login) }
}

@Observable private final class LiveRepository: JastorObject {
    var name = ""
    var stargazersCount = 0
    var owner: LiveOwner?

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var properties: [JastorProperty] { register(\.name, \.stargazersCount, \.owner) }
}

/// Fires a flag when what `read` reads changes.
private final class ChangeFlag: Sendable {
    private let fired = Mutex(false)

    var hasFired: Bool { fired.withLock { $0 } }

    func watch(_ read: () -> Void) {
        withObservationTracking(read) { [self] in fired.withLock { $0 = true } }
    }
}

/// `@Observable` models map strictly (the registrar is not a property), update through their
/// setters, and notify observers.
@Suite struct ObservationTests {
    private static var json: [String: Any] {
        ["name": "Hello-World", "stargazers_count": 80, "owner": ["login": "octocat"]]
    }

    @Test func anObservableModelMapsStrictly() throws {
        #expect(LiveRepository.declarationIssues.isEmpty, "\(LiveRepository.declarationIssues)")
        let repository = try LiveRepository(validating: Self.json)
        #expect(repository.name == "Hello-World" && repository.stargazersCount == 80)
        #expect(repository.owner?.login == "octocat")
        #expect(LiveRepository(dictionary: repository.toDictionary()) == repository)
    }

    @Test func updatesNotifyObservers() throws {
        let repository = try LiveRepository(validating: Self.json)
        let stars = ChangeFlag()
        let name = ChangeFlag()
        stars.watch { _ = repository.stargazersCount }
        name.watch { _ = repository.name }
        repository.update(with: ["stargazers_count": 81])
        #expect(stars.hasFired && !name.hasFired)
        #expect(repository.stargazersCount == 81)
    }

    @Test func mergingIntoANestedModelNotifiesItsObservers() throws {
        let repository = try LiveRepository(validating: Self.json)
        let owner = try #require(repository.owner)
        let login = ChangeFlag()
        login.watch { _ = repository.owner?.login }
        repository.update(with: ["owner": ["login": "hubot"]])
        #expect(login.hasFired)
        #expect(repository.owner === owner && owner.login == "hubot")
    }
}
