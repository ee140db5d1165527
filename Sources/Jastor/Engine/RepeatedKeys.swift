/// The keys an object gives more than once, as a container reading it meets them again, in the
/// order first repeated: the last value of each is kept, and each is reported at its key.
struct RepeatedKeys {
    private var order: [String] = []
    private var counts: [String: Int] = [:]

    /// Counts one more value of `key`, already met.
    @inline(never)
    mutating func count(_ key: String) {
        if let count = counts[key] {
            counts[key] = count + 1
        } else {
            counts[key] = 2
            order.append(key)
        }
    }

    /// Records each repeated key at its path below the current one:
    /// `int: expected one value for the key, found 2 (the last is kept)`.
    func record(context: inout MappingContext) {
        for key in order {
            let count = counts[key] ?? 2
            _ = context.descend(into: .key(key)) { context in
                context.recordDuplicateKey(count: count)
                return false
            }
        }
    }
}
