import Foundation

/// Writing models straight to `[String: Any]` for `toDictionary()`, without the tree on the way.
///
/// A model of a class with a streaming ``JSONOutputLayout`` fills its dictionary from its
/// properties' codecs (nested models, arrays, optionals and dictionaries likewise); any other
/// value becomes the tree ``encode(_:declaredType:untyped:context:)`` builds, then Foundation
/// values. Both take the same decisions, so the result is the same dictionary.
extension MappingEngine {
    /// `model` as a Foundation dictionary, or `NSNull` where the tree would hold `null` (a model
    /// nested too deeply, or a reference back to an enclosing model).
    static func foundationObject(_ model: JastorObject, context: inout EncodingContext) -> Any {
        let plan = context.plans.plan(for: type(of: model))
        context.recordDeclarationIssues(of: plan)
        guard let members = plan.jsonLayout.members else {
            return encode(model, declaredType: type(of: model), context: &context).foundationValue
        }
        guard !context.isTooDeep(), context.beginWriting(model) else { return NSNull() }
        defer { context.endWriting(model) }
        // Sized at once, by code compiled here (see `ExpectedMembers`).
        var dictionary = [String: Any](uniqueKeysWithValues: ExpectedMembers(underestimatedCount: members.count))
        for member in members {
            let property = member.property
            // Emptiness records no issue, so the check may sit inside the member's path.
            context.descend(into: member) { context in
                context.writing(property) {
                    property.accessor.addMember(
                        model, omitting: property.omittedEmptiness, as: member.key, to: &dictionary, context: &$0)
                }
            }
        }
        return dictionary
    }

    /// An array as a Foundation array, element by element through the elements' codec.
    static func foundationArray<Element>(
        _ array: [Element], of element: Codec<Element>, context: inout EncodingContext
    ) -> Any {
        guard !context.isTooDeep() else { return NSNull() }
        var result: [Any] = []
        result.reserveCapacity(array.count)
        // Through the buffer: unspecialised, `indices` and the array's subscript look up the
        // array's metadata and witness tables on every call.
        array.withUnsafeBufferPointer { elements in
            for index in 0..<elements.count {
                result.append(
                    context.descend(into: .index(index)) { element.foundationValue(elements[index], context: &$0) })
            }
        }
        return result
    }

    /// A dictionary as a Foundation dictionary, member by member through the values' codec.
    static func foundationDictionary<Value>(
        _ dictionary: [String: Value], of value: Codec<Value>, context: inout EncodingContext
    ) -> Any {
        guard !context.isTooDeep() else { return NSNull() }
        var result = [String: Any](uniqueKeysWithValues: ExpectedMembers(underestimatedCount: dictionary.count))
        for (key, member) in dictionary {
            let converted: Any = context.descend(into: .key(key)) { value.foundationValue(member, context: &$0) }
            result[key] = converted
        }
        return result
    }
}

/// No members, but `underestimatedCount` of them to come: what `toDictionary()` sizes a model's
/// dictionary from.
///
/// `Dictionary(uniqueKeysWithValues:)` is inlinable, so its storage of that capacity is allocated
/// by code specialised for `[String: Any]`, which finds the storage class's metadata in a cache of
/// its own. `Dictionary(minimumCapacity:)` is not inlinable: its generic body looks that metadata
/// up in the runtime's table for every model (about 30 instructions, 15 M on citm), and
/// `reserveCapacity` on an empty dictionary goes through generic resizing code, dearer still.
private struct ExpectedMembers: Sequence {
    let underestimatedCount: Int

    func makeIterator() -> EmptyCollection<(String, Any)>.Iterator {
        EmptyCollection.Iterator()
    }
}
