import Foundation
import Jastor
import Testing

/// Input nested beyond the 256-level limit is mapped, written, archived, read back, compared and
/// described on a 512 KB thread (the size of Dispatch's secondary threads) in a debug build, for
/// every kind of nesting; the run stops at the limit instead of overflowing the stack.
@Suite struct SmallStackTests {
    /// A kind of nesting, as JSON text nested `depth` levels deep (the reader's limit is 512).
    enum Nesting: String, CaseIterable, Sendable {
        case optionalModels, nonOptionalModels, arraysOfModels, untypedArrays, untypedObjects, dictionariesOfModels

        func json(depth: Int) -> Data {
            let (open, close): (String, String) =
                switch self {
                case .optionalModels: (#"{"name": "n", "child": "#, "}")
                case .nonOptionalModels: (#"{"name": "n", "next": "#, "}")
                case .arraysOfModels: (#"{"name": "n", "children": ["#, "]}")
                case .untypedArrays: ("[", "]")
                case .untypedObjects: (#"{"a": "#, "}")
                case .dictionariesOfModels: (#"{"name": "n", "items": {"x": "#, "}}")
                }
            let levels = self == .arraysOfModels || self == .dictionariesOfModels ? depth / 2 : depth
            let text: String
            switch self {
            case .untypedArrays:
                text =
                    #"{"anything": "# + String(repeating: open, count: levels) + "1"
                    + String(repeating: close, count: levels) + "}"
            case .untypedObjects:
                text =
                    #"{"metadata": "# + String(repeating: open, count: levels) + "1"
                    + String(repeating: close, count: levels) + "}"
            default:
                text =
                    String(repeating: open, count: levels) + #"{"name": "leaf"}"#
                    + String(repeating: close, count: levels)
            }
            return Data(text.utf8)
        }

        /// The model mapped leniently from `json`, and the issues strict mapping reports.
        func model(from json: Data) throws -> (JastorObject, [JastorIssue]) {
            let type: JastorObject.Type =
                switch self {
                case .optionalModels: OptionalChain.self
                case .nonOptionalModels: NonOptionalChain.self
                case .arraysOfModels: ProductCategory.self
                case .untypedArrays, .untypedObjects: Everything.self
                case .dictionariesOfModels: Folder.self
                }
            do {
                return (try type.init(validatingJSON: json), [])
            } catch let error as JastorError {
                return (try type.init(json: json), error.issues)
            }
        }

        func unarchive(_ data: Data) throws -> JastorObject {
            switch self {
            case .optionalModels: try OptionalChain.unarchive(from: data)
            case .nonOptionalModels: try NonOptionalChain.unarchive(from: data)
            case .arraysOfModels: try ProductCategory.unarchive(from: data)
            case .untypedArrays, .untypedObjects: try Everything.unarchive(from: data)
            case .dictionariesOfModels: try Folder.unarchive(from: data)
            }
        }
    }

    /// What a run found, as text.
    struct Outcome: Sendable, Equatable {
        /// Each issue of strict mapping, as its kind and the length of its path.
        var issues: [String] = []
        /// For each archive format: `equal` when the archive read back equal, or the first
        /// issue's kind when reading stopped (on a small stack, reading may stop a level earlier
        /// than mapping did).
        var archives: [String] = []
        /// Whether the model mapped from its own `toDictionary()` is equal, and its hash too.
        var toDictionaryRoundTrip = false
        var describedLines = 0
        var failure: String?
    }

    /// Maps `nesting` at `depth`, writes, archives, reads back, compares and describes the model.
    private static func exercise(_ nesting: Nesting, depth: Int) -> Outcome {
        var outcome = Outcome()
        do {
            let (model, issues) = try nesting.model(from: nesting.json(depth: depth))
            outcome.issues = issues.map { "\($0.kind) at \($0.path.components.count)" }
            let (again, _) = try nesting.model(from: JSONSerialization.data(withJSONObject: model.toDictionary()))
            outcome.toDictionaryRoundTrip = again == model && again.hashValue == model.hashValue
            for format in [JastorArchiveFormat.binaryPropertyList, .json] {
                do {
                    let copy = try nesting.unarchive(model.archivedData(format: format))
                    outcome.archives.append(copy == model ? "equal" : "different")
                } catch let error as JastorError {
                    outcome.archives.append(error.issues.first.map { "\($0.kind)" } ?? "")
                }
            }
            outcome.describedLines = model.description.split(separator: "\n").count
        } catch {
            outcome.failure = "\(error)"
        }
        return outcome
    }

    /// Runs `body` on a new thread with a stack of `kilobytes`.
    private static func onThread(kilobytes: Int, _ body: @escaping @Sendable () -> Outcome) async -> Outcome {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = kilobytes * 1024
            thread.start()
        }
    }

    /// 400 levels on a 512 KB thread: mapping stops with one issue at 256 levels or where the
    /// stack runs low (about 100 model levels in a debug build), and everything else completes.
    @Test(arguments: Nesting.allCases)
    func deepInputOnASmallStack(nesting: Nesting) async throws {
        let outcome = await Self.onThread(kilobytes: 512) { Self.exercise(nesting, depth: 400) }
        #expect(outcome.failure == nil)
        let issue = try #require(outcome.issues.first)
        #expect(outcome.issues.count == 1)
        let level = try #require(Int(issue.split(separator: " ").last ?? ""))
        #expect(issue.hasPrefix("nestingTooDeep at "))
        #expect(level <= 256)
        #expect(outcome.toDictionaryRoundTrip)
        #expect(outcome.archives.allSatisfy { ["equal", "nestingTooDeep", "unreadableArchive"].contains($0) })
        #expect(outcome.describedLines > 0)
    }

    /// The same input on an 8 MB thread stops at exactly 256 levels and round-trips everywhere;
    /// untyped values (kept whole or not at all) read at 255 levels and are refused at 400.
    @Test(arguments: Nesting.allCases)
    func deepInputOnALargeStack(nesting: Nesting) async throws {
        let untyped = nesting == .untypedArrays || nesting == .untypedObjects
        let outcome = await Self.onThread(kilobytes: 8 * 1024) { Self.exercise(nesting, depth: untyped ? 255 : 400) }
        #expect(
            outcome
                == Outcome(
                    issues: untyped ? [] : ["nestingTooDeep at 256"], archives: ["equal", "equal"],
                    toDictionaryRoundTrip: true, describedLines: outcome.describedLines))
        #expect(outcome.describedLines > 250)
        let refused = await Self.onThread(kilobytes: 8 * 1024) { Self.exercise(nesting, depth: 400) }
        #expect(refused.issues == [untyped ? "nestingTooDeep at 1" : "nestingTooDeep at 256"])
    }
}

// MARK: - Models

private final class OptionalChain: JastorObject {
    var name = ""
    var child: OptionalChain?

    override class var properties: [JastorProperty] {
        [.init("name", \OptionalChain.name), .init("child", \OptionalChain.child)]
    }
}

/// A chain whose every other link is a non-optional model property.
private final class NonOptionalChain: JastorObject {
    var name = ""
    var next = NonOptionalLink()

    override class var properties: [JastorProperty] {
        [.init("name", \NonOptionalChain.name), .init("next", \NonOptionalChain.next)]
    }
}

private final class NonOptionalLink: JastorObject {
    var name = ""
    var next: NonOptionalChain?

    override class var properties: [JastorProperty] {
        [.init("name", \NonOptionalLink.name), .init("next", \NonOptionalLink.next)]
    }
}

private final class Folder: JastorObject {
    var name = ""
    var items: [String: Folder] = [:]

    override class var properties: [JastorProperty] {
        [.init("name", \Folder.name), .init("items", \Folder.items)]
    }
}
