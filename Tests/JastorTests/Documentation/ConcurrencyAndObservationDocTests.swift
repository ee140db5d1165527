import Foundation
import Jastor
import Observation
import Synchronization
import Testing

/// The code of `Jastor.docc/ConcurrencyAndObservation.md`, compiled and run here.
enum ConcurrencyAndObservationDoc {
    final class Ticket: JastorObject {
        var number = 0
        var title = ""

        override class var properties: [JastorProperty] { register(\.number, \.title) }
    }

    actor TicketStore {
        private var tickets: [Ticket] = []

        func add(_ new: [Ticket]) { tickets += new }
        func count() -> Int { tickets.count }

        /// Maps on the caller's executor and hands the models over.
        static func load(_ data: Data) async throws -> sending [Ticket] {
            try [Ticket](json: data)
        }
    }

    @Observable final class LiveIssue: JastorObject {
        var title = ""
        var comments = 0

        override class var properties: [JastorProperty] { register(\.title, \.comments) }
    }

    @Suite struct ConcurrencyAndObservationDocTests {
        @Test func modelsAcrossTasksAndActors() async throws {
            let pages = [Data(#"[{"number": 1}, {"number": 2}]"#.utf8), Data(#"[{"number": 3}]"#.utf8)]
            let tickets = try await withThrowingTaskGroup(of: JastorTransfer<[Ticket]>.self) { group in
                for page in pages {
                    group.addTask { JastorTransfer(try [Ticket](json: page)) }
                }
                var tickets: [Ticket] = []
                for try await page in group { tickets += page.take() ?? [] }
                return tickets
            }
            let store = TicketStore()
            await store.add(tickets)
            await store.add(try await TicketStore.load(pages[0]))
            print(await store.count())  // 5

            #expect(await store.count() == 5)
        }

        @Test func observation() throws {
            let live = try LiveIssue(validatingJSONString: #"{"title": "Found a bug", "comments": 3}"#)
            withObservationTracking {
                _ = live.comments
            } onChange: {
                print("comments changed")
            }
            live.update(with: ["comments": 4])  // prints "comments changed"

            let fired = Mutex(false)
            withObservationTracking {
                _ = live.comments
            } onChange: {
                fired.withLock { $0 = true }
            }
            live.update(with: ["comments": 5])
            #expect(fired.withLock { $0 })
            #expect(live.comments == 5 && live.title == "Found a bug")
        }
    }
}
