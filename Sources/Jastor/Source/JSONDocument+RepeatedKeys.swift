extension JSONDocument {
    /// The first object, in the order of the text, that gives a key more than once, and that key.
    ///
    /// Jastor's own archives never repeat a key, so ``ArchiveReader`` refuses a JSON archive that
    /// does: which value a model would read there is not the archive's to leave open. Keys are
    /// compared as `String`s, as lookups compare them.
    func firstRepeatedKey() -> (object: Int, key: String)? {
        var seen: Set<String> = []
        for index in nodes.indices where nodes[index].kind == .object && nodes[index].first > 1 {
            seen.removeAll(keepingCapacity: true)
            var keyIndex = index + 1
            for _ in 0..<nodes[index].first {
                let key = keyText(at: keyIndex)
                if !seen.insert(key).inserted { return (index, key) }
                keyIndex = next(after: keyIndex + 1)
            }
        }
        return nil
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
