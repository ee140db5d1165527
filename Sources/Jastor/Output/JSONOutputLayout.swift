import Synchronization

/// How a class's models are written as JSON text member by member, worked out once per class.
///
/// A class whose written properties each write one distinct key, and which keeps no unmapped
/// keys, is streamed straight from its properties; its keys are quoted and escaped here, once.
/// Any other class (key paths sharing nested objects, repeated output keys, kept unmapped keys)
/// has no members and is written through the same tree `toDictionary()` builds.
struct JSONOutputLayout: Sendable {
    /// One written property and its key, ready to copy into the text.
    ///
    /// A class, so that walking the members retains one reference rather than copying five.
    final class Member: Sendable {
        let property: PropertyPlan
        /// The key.
        let key: String
        /// The key as a path component, for issues found below it.
        let component: JastorPath.Component
        /// `"key"`, escaped with `/` as is.
        let quotedKey: [UInt8]
        /// `"key"`, escaped with `/` as `\/`.
        let quotedKeyEscapingSlashes: [UInt8]

        init(property: PropertyPlan, key: String) {
            self.property = property
            self.key = key
            self.component = .key(key)
            self.quotedKey = JSONWriter.quoted(key, escapesSlashes: false)
            self.quotedKeyEscapingSlashes = JSONWriter.quoted(key, escapesSlashes: true)
        }
    }

    /// The members in declaration order, or `nil` when the class is written through the tree.
    let members: [Member]?
    /// The members in ``JSONKeyOrder``, or `nil` likewise; sorted on first use.
    var sortedMembers: [Member]? {
        guard let members else { return nil }
        return sorted.members(sorting: members)
    }
    /// Where the sorted members are kept once a `.sortedKeys` write asks for them.
    ///
    /// Sorting compares keys as `JSONSerialization` does, through ICU's collation, which maps
    /// megabytes of collation and locale data into the process; a program that only reads JSON
    /// never pays for it.
    private let sorted = SortedMembers()

    /// The layout of a class with `properties`.
    ///
    /// - Parameters:
    ///   - properties: The class's plans, in declaration order.
    ///   - streams: Whether every written property writes one distinct key and no property
    ///     keeps unmapped keys.
    init(properties: [PropertyPlan], streams: Bool) {
        guard streams else {
            members = nil
            return
        }
        let members = properties.compactMap { property -> Member? in
            guard case .key(let key)? = property.outputKey else { return nil }
            return Member(property: property, key: key)
        }
        self.members = members
    }
}

// MARK: - Sorted members

extension JSONOutputLayout {
    /// A class's members in ``JSONKeyOrder``, sorted once by the first thread that asks.
    ///
    /// Threads that race to sort first each sort the same keys into the same order; the first to
    /// store wins and every thread gets its array. Later reads are one atomic load, no lock.
    final class SortedMembers: Sendable {
        private let reference = AtomicLazyReference<Box>()

        /// An array in a class, which is what `AtomicLazyReference` holds.
        final class Box: Sendable {
            let members: [Member]

            init(_ members: [Member]) {
                self.members = members
            }
        }

        /// `members` in ``JSONKeyOrder``, sorted on the first call.
        func members(sorting members: [Member]) -> [Member] {
            if let box = reference.load() { return box.members }
            let box = Box(members.sorted { JSONKeyOrder.precedes($0.key, $1.key) })
            return reference.storeIfNil(box).members
        }
    }
}
