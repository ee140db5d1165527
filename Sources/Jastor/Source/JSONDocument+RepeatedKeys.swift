extension JSONDocument {
    /// The first object, in the order of the text, that gives a key more than once, and that key.
    ///
    /// Jastor's own archives never repeat a key, so ``ArchiveReader`` refuses a JSON archive that
    /// does: which value a model would read there is not the archive's to leave open. Keys are
    /// compared as `String`s, as lookups compare them.
    func firstRepeatedKey() -> (object: Int, key: String)? {
        var seen: Set<String> = []
        for index in nodes.indices where nodes[index].kind == .object && nodes[index].first > 1 {
            let count = nodes[index].first
            if count <= Self.keysComparedInPlace, let key = repeatedASCIIKey(of: index, count: count) {
                guard let key else { continue }
                return (index, key)
            }
            seen.removeAll(keepingCapacity: true)
            var keyIndex = index + 1
            for _ in 0..<count {
                let key = keyText(at: keyIndex)
                if !seen.insert(key).inserted { return (index, key) }
                keyIndex = next(after: keyIndex + 1)
            }
        }
        return nil
    }

    /// Up to this many keys, an object whose keys are all plain ASCII text in the input is checked
    /// by comparing the keys' bytes in place, pair by pair, without making a `String` of each.
    private static let keysComparedInPlace = 32

    /// For an object of at most ``keysComparedInPlace`` members: `.some(key)` for a key it
    /// repeats, `.some(nil)` for none, or `nil` when a key is not plain ASCII text in the input
    /// (such keys are compared as `String`s, where canonically equivalent spellings are equal).
    private func repeatedASCIIKey(of object: Int, count: Int) -> String?? {
        let input = bytes
        return withUnsafeTemporaryAllocation(of: (start: Int, count: Int).self, capacity: count) { keys in
            var keyIndex = object + 1
            for position in 0..<count {
                let node = nodes[keyIndex]
                guard node.kind == .string else { return nil }
                // In bounds by construction: the reader made a key node's range from the input's.
                let text = UnsafeBufferPointer(rebasing: input[node.first..<node.first + node.second])
                guard KeyTable.isASCII(text) else { return nil }
                for earlier in 0..<position where keys[earlier].count == node.second {
                    let other = UnsafeBufferPointer(
                        rebasing: input[keys[earlier].start..<keys[earlier].start + node.second])
                    if other.elementsEqual(text) { return .some(String(decoding: text, as: UTF8.self)) }
                }
                keys.initializeElement(at: position, to: (node.first, node.second))
                keyIndex = next(after: keyIndex + 1)
            }
            return .some(nil)
        }
    }

    /// The path from the top value to the value at node `target`, for a message.
    func path(to target: Int) -> [JastorPath.Component] {
        var path: [JastorPath.Component] = []
        var current = 0
        descending: while current != target {
            let node = nodes[current]
            switch node.kind {
            case .object:
                var keyIndex = current + 1
                for _ in 0..<node.first {
                    let end = next(after: keyIndex + 1)
                    if target > keyIndex, target < end {
                        path.append(.key(keyText(at: keyIndex)))
                        current = keyIndex + 1
                        continue descending
                    }
                    keyIndex = end
                }
            case .array:
                var element = current + 1
                var position = 0
                while element < node.second {
                    let end = next(after: element)
                    if target >= element, target < end {
                        path.append(.index(position))
                        current = element
                        continue descending
                    }
                    element = end
                    position += 1
                }
            default:
                break
            }
            break
        }
        return path
    }

    /// A key's text, without counting a repaired one as handed out (``string(at:)`` does, for the
    /// issue its reader reports).
    private func keyText(at index: Int) -> String {
        let node = nodes[index]
        if node.kind == .decodedString { return decodedStrings[node.first] }
        return String(
            decoding: UnsafeBufferPointer(rebasing: bytes[node.first..<node.first + node.second]), as: UTF8.self)
    }
}
