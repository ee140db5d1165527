import Foundation

/// A syntax error: what the reader expected, and the byte offset where it stopped.
struct JSONSyntaxError: Error {
    let expected: String
    let offset: Int
    /// What was found, when the byte at `offset` does not say it (a byte order mark).
    var found: String? = nil

    /// The error as an issue, with what was found and its line, column and byte offset.
    func jastorError(in bytes: UnsafeBufferPointer<UInt8>) -> JastorError {
        var line = 1
        var column = 1
        // A UTF-8 byte order mark, which the reader skips, takes no column: editors do not show it.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Swift.min(3, offset) : 0
        // Lines end as editors end them: at `\n`, `\r\n` or a lone `\r` (classic Mac OS text).
        var afterCarriageReturn = false
        for byte in bytes[start..<Swift.max(start, Swift.min(offset, bytes.count))] {
            if byte == 0x0A, afterCarriageReturn {
                afterCarriageReturn = false
            } else if byte == 0x0A || byte == 0x0D {
                line += 1
                column = 1
                afterCarriageReturn = byte == 0x0D
            } else {
                afterCarriageReturn = false
                if byte & 0xC0 != 0x80 { column += 1 }
            }
        }
        let found: String
        if let known = self.found {
            found = known
        } else if offset >= bytes.count {
            found = bytes.isEmpty ? "an empty input" : "the end of the input"
        } else {
            let byte = bytes[offset]
            found =
                (0x20..<0x7F).contains(byte)
                ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "byte 0x%02X", byte)
        }
        return JastorError(issues: [
            JastorIssue(
                path: [], kind: .invalidJSON, expected: expected,
                found: "\(found) at line \(line), column \(column) (byte \(offset))")
        ])
    }
}
