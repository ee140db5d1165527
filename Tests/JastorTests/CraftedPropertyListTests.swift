import Foundation
import Jastor
import Synchronization
import Testing

/// Binary property lists crafted to crash, hang or exhaust the reader.
@Suite struct CraftedPropertyListTests {
    /// A binary property list of `objects` (each a marker byte and its contents), the first at
    /// the top, with references `referenceSize` bytes wide.
    private func propertyList(_ objects: [[UInt8]], referenceSize: Int = 1) -> Data {
        var list = PropertyListBuilder()
        for object in objects { _ = list.raw(object) }
        return list.data(top: 0, referenceSize: referenceSize)
    }

    private func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        PropertyListBuilder.bigEndian(value, size: size)
    }

    private func damage(_ data: Data) throws -> String {
        try #require(throws: JastorError.self) { try SearchResponse.unarchive(from: data) }.description
    }

    @Test func wellFormedListThatIsNotADictionary() throws {
        #expect(
            try damage(propertyList([[0xA1, 1], [0x51, UInt8(ascii: "x")]]))
                == "expected a Jastor archive, found a property list that is not a dictionary")
    }

    @Test func arrayContainingItself() throws {
        #expect(
            try damage(propertyList([[0xA1, 0]]))
                == "expected a complete Jastor archive, found damaged data (object 0 contains itself)")
    }

    @Test func hundredThousandNestedArrays() throws {
        let depth = 100_000
        let arrays = (0..<depth).map { [0xA1] + bigEndian($0 + 1, size: 4) } + [[0xA0]]
        #expect(
            try damage(propertyList(arrays, referenceSize: 4))
                == "expected a complete Jastor archive, found damaged data (nested deeper than 512 levels)")
    }

    @Test func sixtyLevelsOfSharedReferencesAreReadOnceEach() throws {
        // Each array holds the next one twice: 2^60 paths, 61 objects, refused for describing
        // more values than a run may read (see ValueLimitTests).
        let arrays = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0xA0]]
        #expect(
            try damage(propertyList(arrays))
                == "expected at most 10000000 values in one run (JastorLimits.maximumValueCount), found more, "
                + "counting shared objects at every place they are referenced")
    }

    @Test func countsAndReferencesBeyondTheFile() throws {
        let cases: [(objects: [[UInt8]], reason: String)] = [
            (
                [[0xAF, 0x13] + bigEndian(1 << 62, size: 8)],
                "a count or offset of 4611686018427387904, beyond the file"
            ),
            ([[0xA1, 9]], "a reference to missing object 9"),
            ([[0xA3, 0, 0]], "3 elements running past the object area"),
            ([[0x5F, 0x10, 200, 0x41]], "a count or offset of 200, beyond the file"),
            ([[0xD1, 1, 1], [0x10, 7]], "a dictionary key that is not a string"),
            ([[0xC1, 0]], "an object of kind 0xC1, which archives do not hold"),
            ([[0x14] + bigEndian(1, size: 8) + bigEndian(0, size: 8)], "an integer beyond 64 bits"),
            // Text no Swift string holds is damage, not repaired into U+FFFD in silence.
            ([[0xA1, 1], [0x61, 0xD8, 0x00]], "object 1 is a string that is not valid text"),
            ([[0xA1, 1], [0x52, 0x61, 0xFF]], "object 1 is a string that is not valid text"),
        ]
        for (objects, reason) in cases {
            let found = try damage(propertyList(objects))
            #expect(found == "expected a complete Jastor archive, found damaged data (\(reason))")
        }
    }
}
