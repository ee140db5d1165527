/// A plain, one-escape-at-a-time decoder of a JSON string's body, the reference the reader's
/// string tests compare with.
enum ReferenceUnescaping {
    /// The bytes the body's escapes stand for (a surrogate pair as one scalar, any other surrogate
    /// as U+FFFD), other bytes as they are, and whether a surrogate was lone.
    static func bytes(of body: [UInt8]) -> (bytes: [UInt8], hasLoneSurrogate: Bool) {
        var bytes: [UInt8] = []
        var lone = false
        var index = 0
        func hex(at start: Int) -> UInt32 {
            UInt32(String(decoding: body[start..<start + 4], as: UTF8.self), radix: 16) ?? 0
        }
        while index < body.count {
            guard body[index] == UInt8(ascii: "\\") else {
                bytes.append(body[index])
                index += 1
                continue
            }
            let escape = body[index + 1]
            index += 2
            let short: [UInt8: UInt8] = [0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
            guard escape == UInt8(ascii: "u") else {
                bytes.append(short[escape] ?? escape)
                continue
            }
            var value = hex(at: index)
            index += 4
            if (0xD800..<0xDC00).contains(value), index + 6 <= body.count, body[index] == UInt8(ascii: "\\"),
                body[index + 1] == UInt8(ascii: "u"), (0xDC00..<0xE000).contains(hex(at: index + 2))
            {
                value = 0x10000 + ((value - 0xD800) << 10) + (hex(at: index + 2) - 0xDC00)
                index += 6
            }
            if let scalar = Unicode.Scalar(value) {
                bytes += Array(String(scalar).utf8)
            } else {
                bytes += Array("\u{FFFD}".utf8)
                lone = true
            }
        }
        return (bytes, lone)
    }
}
