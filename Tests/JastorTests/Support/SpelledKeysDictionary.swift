import Foundation

/// An `NSDictionary` of two keys `NSString` tells apart but `String` calls equal.
///
/// The keys are `"é"` composed and decomposed, with the values 1 and 2. Built as a subclass:
/// Foundation's own dictionaries on Linux may collapse such keys when they are inserted,
/// depending on the process's hash seed.
final class SpelledKeysDictionary: NSDictionary {
    private let spellings = ["\u{E9}", "e\u{301}"]

    override var count: Int { spellings.count }

    override func keyEnumerator() -> NSEnumerator {
        NSArray(array: spellings.map { NSString(string: $0) }).objectEnumerator()
    }

    override func object(forKey key: Any) -> Any? {
        guard let text = (key as? NSString).map(String.init) ?? (key as? String) else { return nil }
        return spellings.firstIndex { $0.unicodeScalars.elementsEqual(text.unicodeScalars) }.map { $0 + 1 }
    }
}
