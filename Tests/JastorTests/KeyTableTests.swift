import Foundation
import Testing

@testable import Jastor

/// The key table a class plan matches the byte reader's keys against: every key found at its
/// position, every other byte string not found, however alike their beginnings and ends.
@Suite struct KeyTableTests {
    /// Keys that the hash cannot tell apart by their first and last eight bytes and their length,
    /// short keys, the empty key, and keys beyond ASCII.
    static let keys = [
        "id", "", "a", "created_at", "profile_background_image_url", "profile_background_color_url",
        "profile_sidebar_fill_color", "profile_sidebar_border_color", "abcdefgh", "abcdefgi", "é", "名前",
        "in_reply_to_status_id", "in_reply_to_status_id_str", "in_reply_to_user_id_str",
    ]

    private func position(of key: String, in table: KeyTable) -> Int {
        var key = key
        return key.withUTF8 { table.position(of: $0) }
    }

    @Test func everyKeyIsFoundAtItsPosition() {
        let table = KeyTable(keys: Self.keys)
        #expect(table.count == Self.keys.count)
        for (index, key) in Self.keys.enumerated() {
            #expect(position(of: key, in: table) == index, "\(key.debugDescription)")
        }
    }

    @Test func otherKeysAreNotFound() {
        let table = KeyTable(keys: Self.keys)
        let others = [
            "ID", "b", "created_a", "created_at_", "profile_background_image_uri", "abcdefgj", "abcdefg",
            "e", "名", "in_reply_to_status_ix_str", " id",
        ]
        for other in others {
            #expect(position(of: other, in: table) == -1, "\(other.debugDescription)")
        }
        #expect(position(of: "id", in: KeyTable(keys: [])) == -1)
    }
}
