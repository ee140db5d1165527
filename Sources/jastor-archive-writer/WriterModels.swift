import Jastor

/// One entry of a ``Ledger``.
final class LedgerEntry: JastorObject {
    var id: Int64 = 0
    var text = ""
    var amount = 0.0
    var tags: [String] = []

    override class var properties: [JastorProperty] {
        [
            .init("id", \LedgerEntry.id), .init("text", \LedgerEntry.text), .init("amount", \LedgerEntry.amount),
            .init("tags", \LedgerEntry.tags),
        ]
    }
}

/// The graph the writer archives: a named list of entries, large enough that a write takes a while.
final class Ledger: JastorObject {
    var name = ""
    var entries: [LedgerEntry] = []

    override class var properties: [JastorProperty] {
        [.init("name", \Ledger.name), .init("entries", \Ledger.entries)]
    }

    /// One of the two graphs the writer alternates between, `"A"` or `"B"`, with different names,
    /// texts and entry counts, so that no mix of the two equals either.
    static func sample(_ name: String) -> Ledger {
        let ledger = Ledger()
        ledger.name = name
        let count = name == "A" ? 5_000 : 5_001
        ledger.entries = (0..<count).map { index in
            let entry = LedgerEntry()
            entry.id = Int64(index)
            entry.text = "\(name) entry \(index): the quick brown fox jumps over the lazy dog"
            entry.amount = Double(index) / 8
            entry.tags = [name, "tag-\(index % 17)"]
            return entry
        }
        return ledger
    }
}
