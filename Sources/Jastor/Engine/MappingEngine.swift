import Foundation

/// The one mapping engine.
///
/// It applies a class plan to a JSON source to fill a model, and reads a model back out through
/// the same plan.
///
/// Every input (`[String: Any]`, archives, `Codable`) and every output (`toDictionary()`, archives,
/// equality, `description`) goes through here.
enum MappingEngine {
    /// The key under which archives record a model's class where it differs from the declared one.
    static let classMarkerKey = "$class"

    // MARK: Reading

    /// Fills `model` from `source`, which must be a JSON object.
    static func map<Source: JSONSource>(
        _ source: Source, into model: JastorObject, by assignment: Assignment, context: inout MappingContext
    ) {
        if let issue = StrictMapping.Root.object.mismatch(source, for: type(of: model)) {
            context.record(issue.kind, expected: issue.expected, found: issue.found)
            return
        }
        context.recordKeysEqualAsStrings(in: source)
        let members = source.object
        fill(model, from: members, by: assignment, context: &context)
    }

    /// Records that `modelType`'s hook picks another class for `object`.
    ///
    /// An initialiser (`init(json:)`, `init(dictionary:)`, a `Decodable` `init(from:)`) cannot
    /// build another class; nothing is recorded when the hook picks none or `modelType` itself.
    /// `builder` names what builds `modelType` there and starts the way to build the class picked
    /// instead, which the message ends.
    ///
    /// Only classes that override the hook are asked, as ``ModelCodec`` asks them; a class that is
    /// not `modelType` or a subclass is reported as ``ModelCodec`` reports it.
    static func recordClassPicked(
        for object: some FoundationMemberLookup, insteadOf modelType: JastorObject.Type, by builder: String,
        context: inout MappingContext
    ) {
        guard RuntimeLayout.overridesModelClassHook(modelType),
            let picked = object.pickedClass(by: { modelType.modelClass(for: $0) }), picked != modelType
        else { return }
        let name = TypeName.short(modelType)
        guard ArchiveClassRegistry.isClass(picked, inheritingFrom: modelType) else {
            context.record(
                .disallowedClass, expected: "\(name) or a subclass from \(name).modelClass(for:)", found: "\(picked)")
            return
        }
        context.record(
            .disallowedClass,
            expected: "an object \(name).modelClass(for:) builds as \(name), \(builder) to build the class it picks)",
            found: "one it builds as \(TypeName.short(picked))")
    }

    /// Fills `model` from the members of a JSON object, property by property; a missing key
    /// leaves its property untouched.
    static func fill<Members: JSONObjectSource>(
        _ model: JastorObject, from members: Members, by assignment: Assignment, context: inout MappingContext
    ) where Members.Member: JSONSource {
        context.plans.reference(for: type(of: model)).with { plan in
            fill(model, of: plan, from: members, by: assignment, context: &context)
        }
    }

    /// Fills `model` through `plan`, its class's.
    ///
    /// This frame is on the stack at every level of nesting while the levels below are read, so
    /// it holds the member loop alone: the other ways of filling and the checks after the loop
    /// are out of line, and their locals take no stack per level (a debug build gives each local
    /// of a function its own slot, taken or not).
    @inline(__always)
    private static func fill<Members: JSONObjectSource>(
        _ model: JastorObject, of plan: ClassPlan, from members: Members, by assignment: Assignment,
        context: inout MappingContext
    ) where Members.Member: JSONSource {
        context.recordDeclarationIssues(of: plan)
        guard !context.policy.readsPropertyNames else {
            fillByNames(model, of: plan, from: members, by: assignment, context: &context)
            return
        }
        guard !plan.checksKeys || !context.policy.checksKeys else {
            fillCheckingKeys(model, of: plan, from: members, by: assignment, context: &context)
            check(members, of: model, plan: plan, found: 0, by: assignment, context: &context)
            return
        }
        // How many keyed properties found their key (counted on the usual path only).
        var found = 0
        let notes = members.forEachMappedMember(of: plan) { property, member in
            found += 1
            guard let key = property.inputKey else { return }
            _ = context.descend(into: key) {
                member.read(through: property.accessor, into: model, by: assignment, context: &$0)
            }
        }
        if !notes.isEmpty || !plan.pathProperties.isEmpty {
            finishMappedMembers(model, of: plan, from: members, notes: notes, by: assignment, context: &context)
        }
        check(members, of: model, plan: plan, found: found, by: assignment, context: &context)
    }

    /// Fills `model` from an archive's members, which are named by property.
    @inline(never)
    private static func fillByNames<Members: JSONObjectSource>(
        _ model: JastorObject, of plan: ClassPlan, from members: Members, by assignment: Assignment,
        context: inout MappingContext
    ) where Members.Member: JSONSource {
        members.forEachNamedMember(of: plan) { property, member in
            _ = context.descend(into: .key(property.name)) {
                member.read(through: property.accessor, into: model, by: assignment, context: &$0)
            }
        }
    }

    /// Records what the member loop noted of the keys, and fills the properties read through key
    /// paths.
    @inline(never)
    private static func finishMappedMembers<Members: JSONObjectSource>(
        _ model: JastorObject, of plan: ClassPlan, from members: Members, notes: MappedMemberNotes,
        by assignment: Assignment, context: inout MappingContext
    ) where Members.Member: JSONSource {
        if !notes.isEmpty { recordKeyNotes(notes, of: members, plan: plan, context: &context) }
        if !plan.pathProperties.isEmpty {
            fillPathProperties(model, of: plan, from: members, by: assignment, context: &context)
        }
    }

    /// Keeps the keys no property maps (``JastorObject/unmappedKeys``), and checks the keys only
    /// written and the siblings of key paths, once the object's members are read.
    @inline(__always)
    private static func check<Members: JSONObjectSource>(
        _ members: Members, of model: JastorObject, plan: ClassPlan, found: Int, by assignment: Assignment,
        context: inout MappingContext
    ) where Members.Member: JSONSource {
        guard plan.unmappedKeys != nil || plan.writtenOnlyKeys != nil || plan.keyPathSiblings != nil else { return }
        checkKeys(members, of: model, plan: plan, found: found, by: assignment, context: &context)
    }

    @inline(never)
    private static func checkKeys<Members: JSONObjectSource>(
        _ members: Members, of model: JastorObject, plan: ClassPlan, found: Int, by assignment: Assignment,
        context: inout MappingContext
    ) where Members.Member: JSONSource {
        if let unmapped = plan.unmappedKeys, !everyMemberIsMapped(members, found: found, plan: plan) {
            keepUnmappedKeys(of: members, plan: plan, in: unmapped, of: model, by: assignment, context: &context)
        }
        if let writtenOnlyKeys = plan.writtenOnlyKeys {
            writtenOnlyKeys.check(members, of: model, context: &context)
        }
        if let keyPathSiblings = plan.keyPathSiblings {
            keyPathSiblings.check(members, of: model, context: &context)
        }
    }

    /// Fills `model` as ``fill(_:from:by:context:)`` does, and reports the required keys the object
    /// lacks and, if the class asks, the keys no property reads.
    ///
    /// Only classes with a ``JastorKeyPolicy`` or required keys come here, so the usual path keeps
    /// no count.
    @inline(never)
    private static func fillCheckingKeys<Members: JSONObjectSource>(
        _ model: JastorObject, of plan: ClassPlan, from members: Members, by assignment: Assignment,
        context: inout MappingContext
    ) where Members.Member: JSONSource {
        var requiredFound = 0
        let notes = members.forEachMappedMember(of: plan) { property, member in
            guard let key = property.inputKey else { return }
            if property.isRequired { requiredFound += 1 }
            _ = context.descend(into: key) {
                member.read(through: property.accessor, into: model, by: assignment, context: &$0)
            }
        }
        if !notes.isEmpty { recordKeyNotes(notes, of: members, plan: plan, context: &context) }
        if requiredFound < plan.requiredKeyedCount {
            for property in plan.requiredProperties {
                guard let key = property.inputKey, members[key.objectKey] == nil else { continue }
                recordMissing(property, at: [key], context: &context)
            }
        }
        if !plan.pathProperties.isEmpty {
            fillPathProperties(model, of: plan, from: members, by: assignment, context: &context)
        }
        if plan.reportsUnknownKeys {
            // A key a property only writes (its `outputKey:`, an `.encodeOnly` property's key) is
            // known: Jastor's own output holds it.
            // A key given twice is one unknown key (duplicate keys: the last value counts).
            var reported: Set<String> = []
            members.forEachMember(outside: plan.keyTable) { key, _ in
                guard !plan.propertyKeys.contains(key), reported.insert(key).inserted else { return }
                _ = context.descend(into: .key(key)) { context in
                    context.record(
                        .unknownKey, expected: "a key \(plan.modelType) maps", found: "an unknown key")
                    return false
                }
            }
        }
    }

    /// Records what ``JSONObjectSource/forEachMappedMember(of:_:)`` noted of the keys it matched:
    /// keys given more than once, and keys given in another spelling.
    @inline(never)
    private static func recordKeyNotes<Members: JSONObjectSource>(
        _ notes: MappedMemberNotes, of members: Members, plan: ClassPlan, context: inout MappingContext
    ) {
        if notes.contains(.repeatedKey) { recordRepeatedKeys(of: members, plan: plan, context: &context) }
        if notes.contains(.respelledKey) { recordRespelledKeys(of: members, plan: plan, context: &context) }
    }

    /// Records each key a property reads that `members` gives in another Unicode spelling than
    /// output writes, at the key as read: the value is read, and the key is written back as the
    /// property writing it spells it (``ClassPlan/writtenSpelling(at:)``: a `.decodeOnly` property
    /// may spell it otherwise), else as the property reading it does
    /// (`cafe\u{301}: expected the key written back as read, found "cafe\u{301}", another Unicode
    /// spelling of the key "café" (written "café")`).
    private static func recordRespelledKeys<Members: JSONObjectSource>(
        of members: Members, plan: ClassPlan, context: inout MappingContext
    ) {
        var reported: Set<String> = []
        for property in plan.properties {
            guard case .key(let key)? = property.inputKey, reported.insert(key).inserted else { continue }
            let written = plan.writtenSpelling(at: [.key(key)])
            guard let spelling = members.otherSpelling(ofKey: written) else { continue }
            context.recordRespelledKey(spelling, of: written, at: [.key(spelling)])
        }
    }

    /// Records each key a property reads that `members` gives more than once, at the key: the last
    /// value was read (`int: expected one value for the key, found 2 (the last is kept)`).
    ///
    /// Only called when ``JSONObjectSource/forEachMappedMember(of:_:)`` saw a key repeat, which it
    /// tells at the cost of one comparison per mapped member; the keys are counted again here.
    @inline(never)
    private static func recordRepeatedKeys<Members: JSONObjectSource>(
        of members: Members, plan: ClassPlan, context: inout MappingContext
    ) {
        var counts: [String: Int] = [:]
        members.forEachMember { key, _ in counts[key, default: 0] += 1 }
        var reported: Set<String> = []
        for property in plan.properties {
            guard case .key(let key)? = property.inputKey, let count = counts[key], count > 1,
                reported.insert(key).inserted
            else { continue }
            _ = context.descend(into: .key(key)) { context in
                context.recordDuplicateKey(count: count)
                return false
            }
        }
    }

    /// Records that a required key is missing, at its path.
    private static func recordMissing(
        _ property: PropertyPlan, at path: [JastorPath.Component], context: inout MappingContext
    ) {
        _ = context.descend(into: path) { context in
            context.record(
                .missingValue, expected: "\(property.accessor.expectedTypeName) (required)", found: "nothing")
            return false
        }
    }

    /// Fills the properties read through key paths longer than one key (``ClassPlan/pathProperties``).
    ///
    /// A step holding a value that cannot hold the next step (a string at `address` for
    /// `address.city`) is reported once at its path, however many key paths go through it
    /// (``KeyPathStepReports``), and those properties keep their values; a required property's
    /// path that reaches nothing is a missing value, at the full path. A step whose key its object
    /// gives more than once is reported once too: the last value is the one followed.
    @inline(never)
    private static func fillPathProperties<Members: JSONObjectSource>(
        _ model: JastorObject, of plan: ClassPlan, from members: Members, by assignment: Assignment,
        context: inout MappingContext
    ) where Members.Member: JSONSource {
        var steps = KeyPathStepReports()
        let checksKeys = plan.checksKeys && context.policy.checksKeys
        for property in plan.pathProperties {
            guard let path = property.inputPath else { continue }
            switch KeyPathLookup(path, in: members) {
            case .found(let member):
                fill(property, of: model, with: member, at: path, in: members, by: assignment, context: &context)
            case .mistyped(let depth, let found):
                steps.recordMistyped(path, depth: depth, found: found, context: &context)
            case .missing:
                if checksKeys, property.isRequired { recordMissing(property, at: path, context: &context) }
            }
            steps.recordRepeated(along: path, in: members, skippingKeysOf: plan.keyTable, context: &context)
            if property.inputPathHasOtherSpellings {
                steps.recordRespelled(along: path, in: members, of: plan, context: &context)
            }
        }
    }

    /// Fills one property from `member`, the value at `path` in `members`.
    @inline(__always)
    private static func fill<Members: JSONObjectSource>(
        _ property: PropertyPlan, of model: JastorObject, with member: Members.Member, at path: [JastorPath.Component],
        in members: Members, by assignment: Assignment, context: inout MappingContext
    ) where Members.Member: JSONSource {
        recordKeysEqualAsStrings(along: path, in: members, context: &context)
        _ = context.descend(into: path) {
            member.read(through: property.accessor, into: model, by: assignment, context: &$0)
        }
    }

    /// Records each Foundation dictionary along the key path `path` whose clashing keys it reads.
    ///
    /// A dictionary the path passes through is reported at its own path when the key the path
    /// reads there is one of several keys `String` calls equal, of which one value is read
    /// (``JSONSource/keysEqualAsStringsIssue``). The object the path starts in is the model's
    /// own, checked where the model is read.
    private static func recordKeysEqualAsStrings<Members: JSONObjectSource>(
        along path: [JastorPath.Component], in members: Members, context: inout MappingContext
    ) where Members.Member: JSONSource {
        guard path.count > 1, var current = members[path[0].objectKey] else { return }
        for depth in 1..<path.count {
            if current.hasKeysEqualAsStrings, case .key(let key) = path[depth],
                current.keysEqualAsStrings.contains(key)
            {
                let dictionary = current
                _ = context.descend(into: Array(path[..<depth])) { context in
                    context.recordKeysEqualAsStrings(in: dictionary)
                    return false
                }
            }
            guard let next = current.member(at: path[depth]) else { return }
            current = next
        }
    }

    /// Whether every member of a byte reader's object had a key of the plan's table.
    ///
    /// Told from how many keyed properties `found` their key: as many as the object has members,
    /// the keys being distinct, leaves no member for ``keepUnmappedKeys(of:plan:in:of:by:context:)``,
    /// which is then not called (it would look up every key again). Other sources, and objects
    /// with a member outside the table or a key given twice, are walked as before.
    @inline(__always)
    private static func everyMemberIsMapped<Members: JSONObjectSource>(
        _ members: Members, found: Int, plan: ClassPlan
    ) -> Bool {
        guard plan.keyedPropertiesHaveDistinctKeys, let object = members as? DocumentObject else { return false }
        return found == object.count
    }

    /// Adds the members no property maps to the class's `.unmappedKeys` property, keeping the
    /// ones it already holds (so `update(with:)` adds to them).
    ///
    /// A key that a property writes but none reads (an `outputKey:`, an `.encodeOnly` property's
    /// key) is not kept either: output writes the property's value there, so keeping it would
    /// only shadow that value (reading Jastor's own output back would keep every such key);
    /// ``WrittenOnlyKeys`` reports its value when it differs from the one written.
    private static func keepUnmappedKeys<Members: JSONObjectSource>(
        of members: Members, plan: ClassPlan, in property: PropertyPlan, of model: JastorObject,
        by assignment: Assignment, context: inout MappingContext
    ) where Members.Member: JSONSource {
        var found: [String: Any] = [:]
        var allScalars = true
        var repeated = RepeatedKeys()
        // From bytes, the members met, so that a string read with U+FFFD among them is reported
        // at its own path (a key where it was met, a value's strings inside the value kept).
        let document = (members as? DocumentObject)?.document
        let mark = document?.repairCount ?? 0
        var met: [(key: String, value: DocumentValue, kept: Bool)] = []
        // The keys single-key properties read are skipped before they become `String`s.
        members.forEachMember(outside: plan.keyTable) { key, member in
            let documentMember = document == nil ? nil : member as? DocumentValue
            guard !plan.propertyKeys.contains(key),
                context.descend(into: .key(key), { !$0.exceedsLimits(untyped: member) })
            else {
                if let documentMember { met.append((key, documentMember, false)) }
                return
            }
            if allScalars, isContainer(member) { allScalars = false }
            if found.updateValue(member.foundationValue, forKey: key) != nil {
                repeated.count(key)
                if let earlier = met.lastIndex(where: { $0.kept && $0.key == key }) { met[earlier].kept = false }
            }
            if let documentMember { met.append((key, documentMember, true)) }
        }
        repeated.record(context: &context)
        if let document, document.repairedStrings(since: mark) != 0 {
            DocumentValue.reportRepairedStrings(ofMembers: met, context: &context)
            document.forgetRepairedStrings(since: mark)
        }
        // The property is read (through its key path, boxed) only when there is something to add.
        guard !found.isEmpty else { return }
        // From bytes, into a model's storage holding no members yet, scalars are stored as they
        // are, without reading the dictionary back as a JSON object (its kind, its measure, its
        // detached copy: scalars are kept as they are), counted as that read counts them.
        // Each member was counted above, where it was met: storing them counts nothing again, so
        // that reading counts a kept member once, as writing it does.
        context.withValuesCounted {
            if allScalars, assignment == .storage, Members.Member.self == DocumentValue.self,
                property.accessor.storeUntypedScalarMembers(found, into: model, context: &$0)
            {
                return
            }
            var kept = property.accessor.value(in: model) as? [String: Any] ?? [:]
            kept.merge(found) { _, new in new }
            _ = property.accessor.decode(FoundationJSON(raw: kept), into: model, by: assignment, context: &$0)
        }
    }

    /// Whether `member` is an object or an array; for the byte reader's values, read from its node
    /// without forming its kind.
    @inline(__always)
    private static func isContainer<Member: JSONSource>(_ member: Member) -> Bool {
        if let value = member as? DocumentValue {
            let kind = value.document.nodes[value.index].kind
            return kind == .object || kind == .array
        }
        switch member.kind {
        case .object, .array: return true
        case .scalar, .unsupported: return false
        }
    }

    // MARK: Writing

    /// Writes `model` as a JSON object through its plan.
    ///
    /// - Parameters:
    ///   - model: The model to write.
    ///   - declaredType: The class the reading side will expect here; archives record the
    ///     model's own class when it differs.
    ///   - untyped: Whether the model sits inside an untyped value, which reads back as a
    ///     dictionary, so that no reader resolves its class.
    ///   - context: The output run.
    /// - Returns: The model's registered properties as an object tagged with its class.
    static func encode(
        _ model: JastorObject, declaredType: JastorObject.Type, untyped: Bool = false, context: inout EncodingContext
    ) -> JSONValue {
        if context.purpose == .inspection, !context.isPastValueLimit,
            let standIn = inspectionStandIn(for: model, declaredType: declaredType, context: &context)
        {
            return standIn
        }
        guard !context.isTooDeep() else { return context.cutValue }
        let archived = context.purpose == .archive
        // Outside untyped values (which read back as dictionaries, models below them too), a model
        // an archive holds again is a reference to it, unless it encloses this place (a cycle,
        // reported by `beginWriting`). The archive writers move its tree into the envelope's table.
        let numbered = archived && !untyped && context.archiveIdentities.untypedLevels == 0
        if numbered, let reference = reference(to: model, declaredAs: declaredType, context: &context) {
            return reference
        }
        guard context.beginWriting(model) else { return .null }
        defer { context.endWriting(model) }
        let plan = context.plans.plan(for: type(of: model))
        context.recordDeclarationIssues(of: plan)
        if archived {
            context.checkArchivable(
                type(of: model), declaredAs: declaredType, identity: plan.archiveIdentity, resolvedByReader: !untyped)
        }
        let tag = ModelTag(
            className: archived ? plan.archiveIdentity.name : plan.className,
            differsFromDeclaredType: type(of: model) != declaredType,
            identity: numbered ? context.archiveIdentities.numberAsWritten(model) : 0)
        var object = JSONObject(model: context.purpose == .dictionary ? nil : tag, capacity: plan.properties.count)
        for property in plan.properties {
            // Only JSON output leaves out a `nil` or empty value whose default is as empty; archives
            // record it (another version's default must not replace it), inspection shows it.
            if context.purpose == .dictionary, property.omittedEmptiness != .notEmpty,
                property.accessor.emptiness(in: model) == property.omittedEmptiness
            {
                continue
            }
            guard context.purpose == .dictionary else {
                // Archives and inspection write every property under its name, names being distinct.
                let value = context.descend(into: .key(property.name)) { property.accessor.encode(model, context: &$0) }
                object.appendNew(value, forKey: property.name)
                continue
            }
            guard let path = property.outputPath else { continue }
            let value = context.descend(into: path) { context in
                context.writing(property) { property.accessor.encode(model, context: &$0) }
            }
            if plan.hasDistinctOutputKeys, case .key(let key)? = property.outputKey {
                object.appendNew(value, forKey: key)
            } else {
                object.insert(value, at: path[...])
            }
        }
        if context.purpose == .dictionary, let unmapped = plan.unmappedKeys,
            case .object(let kept) = unmapped.accessor.encode(model, context: &context), !kept.isEmpty
        {
            appendKeptMembers(of: kept, keptBy: unmapped, plan: plan, to: &object, context: &context)
        }
        return .object(object)
    }

    /// `{"$ref": number}` for a model an archive wrote before (``ArchiveIdentities``), checked to
    /// be archivable where `declaredType` is declared; `nil` for one not written yet, and for one
    /// being written around this place (a cycle, which `beginWriting` reports).
    ///
    /// Kept out of line, so that the frame of writing a model (one per nesting level) does not grow.
    @inline(never)
    private static func reference(
        to model: JastorObject, declaredAs declaredType: JastorObject.Type, context: inout EncodingContext
    ) -> JSONValue? {
        guard let number = context.archiveIdentities.number(of: model), context.levelsUp(to: model) == nil else {
            return nil
        }
        let plan = context.plans.plan(for: type(of: model))
        context.checkArchivable(
            type(of: model), declaredAs: declaredType, identity: plan.archiveIdentity, resolvedByReader: true)
        return context.archiveIdentities.reference(to: number, className: plan.archiveIdentity.name)
    }

    /// What equality, hashing and `description` see in place of `model`, or `nil` when it is written
    /// in full.
    ///
    /// For equality and hashing (``EncodingContext/nestedModels``), a model below the one written is
    /// its class only, an empty object tagged with it, and joins the list of nested models, which
    /// `==` compares pair by pair. A description marks where a model is left out (nested too deeply)
    /// and where a cycle closes, how many models up (``InspectionMark``): never `nil`, which a `nil`
    /// property writes.
    @inline(never)
    private static func inspectionStandIn(
        for model: JastorObject, declaredType: JastorObject.Type, context: inout EncodingContext
    ) -> JSONValue? {
        if context.nestedModels != nil, context.isWritingAModel {
            context.nestedModels?.append(model)
            let className = context.plans.plan(for: type(of: model)).className
            let tag = ModelTag(className: className, differsFromDeclaredType: type(of: model) != declaredType)
            return .object(JSONObject(model: tag))
        }
        let className = context.plans.plan(for: type(of: model)).className
        if context.isTooDeep() {
            return .opaque(OpaqueValue(value: InspectionMark(className: className, levelsUp: nil)))
        }
        if let levelsUp = context.levelsUp(to: model) {
            return .opaque(OpaqueValue(value: InspectionMark(className: className, levelsUp: levelsUp)))
        }
        return nil
    }

    /// Adds the members an `.unmappedKeys` property kept, except those whose key a property
    /// reads or writes, which are left out and reported at their key.
    ///
    /// Mapping never keeps such a key; one set by hand would be dropped for the property's value,
    /// or read back into the property. Each key is looked up once in a set, so the cost is linear
    /// in the kept members (searching the object for each key would be quadratic: 16 000 kept
    /// keys took seconds).
    private static func appendKeptMembers(
        of kept: JSONObject, keptBy unmapped: PropertyPlan, plan: ClassPlan, to object: inout JSONObject,
        context: inout EncodingContext
    ) {
        kept.forEachMember { key, value in
            // A kept object's keys are a Swift dictionary's, so distinct among themselves.
            guard plan.propertyKeys.contains(key) else { return object.appendNew(value, forKey: key) }
            let owner =
                plan.properties.first { $0.outputPath?.first?.objectKey == key }
                ?? plan.properties.first { $0.inputPath?.first?.objectKey == key }
            context.descend(into: .key(key)) {
                $0.record(
                    .unencodableValue,
                    expected: "a key no property of \(plan.modelType) reads or writes, as \(unmapped.name) "
                        + "(.unmappedKeys) keeps",
                    found: "a key \(owner?.name ?? "another property") "
                        + (owner?.outputPath?.first?.objectKey == key ? "writes" : "reads"))
            }
        }
    }

    /// Writes an untyped Foundation value, the contents of a pass-through property.
    ///
    /// Models inside it are written through their plans, and reported (except for equality and
    /// `description`): an untyped value reads them back as dictionaries.
    ///
    /// Values JSON cannot hold are kept as they are, and reported when the output must be real JSON.
    /// A `Date` or `Data` is reported too (JSON text would read it back as a `String`), unless a
    /// transform's `encode` wrote it: JSON spells it as ISO-8601 or Base64 text, which the
    /// transform's `decode` gets back (``ClosureCodec`` checks that it reads it).
    ///
    /// Equality, hashing and `description` keep a container nested too deeply, or met again inside
    /// itself, as it is (``OpaqueValue``), which ``ValueDescription`` compares to its last level and
    /// describes: never `null`, which would make it equal to a `nil`.
    static func encodeUntyped(_ value: Any, transformed: Bool = false, context: inout EncodingContext) -> JSONValue {
        if let model = FoundationJSON.model(in: value) {
            // An untyped value reads back a JSON object as a dictionary, not as this model.
            // A transform's `decode` gets the dictionary back (as for `Date` and `Data` below).
            if context.purpose != .inspection && !transformed {
                context.record(
                    .unencodableValue,
                    expected: "a value that reads back as itself (a model in an untyped value reads back as a "
                        + "dictionary: declare a typed property, or arrayElementTypes for an [Any])",
                    found: "a \(type(of: model)) model")
            }
            context.archiveIdentities.untypedLevels += 1
            defer { context.archiveIdentities.untypedLevels -= 1 }
            return encode(model, declaredType: JastorObject.self, untyped: true, context: &context)
        }
        let source = FoundationJSON(raw: value)
        // A Foundation container assigned to the model may hold itself: cut there, as mapping does.
        let identity = source.containerIdentity
        if let identity, !context.beginWriting(container: identity) {
            return context.purpose == .inspection ? .opaque(OpaqueValue(value: value)) : .null
        }
        defer { identity.map { context.endWriting(container: $0) } }
        switch source.kind {
        case .scalar(let scalar):
            switch scalar {
            case .date, .data:
                guard !transformed, context.purpose == .dictionary else { break }
                context.record(
                    .unencodableValue,
                    expected: "a value JSON can hold (archives keep dates and data in untyped values)",
                    found: scalar.summary)
            case .decimal(let decimal):
                guard let writtenAsText = context.untypedDecimalIsWrittenAsText, writtenAsText(decimal) else { break }
                context.record(
                    .unencodableValue,
                    expected: "a number this encoder writes as one (it writes this Decimal as text, which reads "
                        + "back as a String; archives keep it)",
                    found: scalar.summary)
            default: break
            }
            return scalar.jsonValue
        case .object:
            if let issue = source.keysEqualAsStringsIssue {
                context.record(.invalidValue, expected: issue.expected, found: issue.found)
            }
            let members = source.object
            guard !context.isTooDeep() else { return context.untypedCut(value) }
            var object = JSONObject(capacity: members.dictionary.count)
            for key in members.dictionary.keys.sorted() {
                guard let member = members.dictionary[key] else { continue }
                object.appendNew(
                    context.descend(into: .key(key)) { encodeUntyped(member, transformed: transformed, context: &$0) },
                    forKey: key)
            }
            return .object(object)
        case .array:
            let elements = source.elements
            guard !context.isTooDeep() else { return context.untypedCut(value) }
            return .array(
                elements.enumerated().map { index, element in
                    context.descend(into: .index(index)) {
                        encodeUntyped(element.raw, transformed: transformed, context: &$0)
                    }
                })
        case .unsupported(let typeName):
            // A set, or a dictionary whose keys are not all strings, is written as it is: whole
            // when it nests within the limit, else `null` with the issue here (JSON has no kind
            // for it to be cut inside). `description` and equality take it whole, as they take an
            // untyped container cut at the limit.
            if context.purpose != .inspection, let parts = source.otherParts {
                guard !context.isTooDeep() else { return context.cutValue }
                var containersAbove: Set<ObjectIdentifier> = identity.map { [$0] } ?? []
                guard partsFit(parts, containersAbove: &containersAbove, context: &context) else {
                    if !context.isPastValueLimit { context.recordTooDeep() }
                    return context.cutValue
                }
            }
            if context.purpose == .archive {
                context.record(.unencodableValue, expected: "a JSON value", found: typeName)
            }
            return .opaque(OpaqueValue(value: value))
        }
    }

    /// Whether `parts` (of a set, or of a dictionary whose keys are not all strings), and every
    /// container in them, nest within the levels output writes and the run's value limit, which
    /// counts them as written.
    ///
    /// Walked one level at a time, never cast (on Linux a cast to a Foundation class bridges a
    /// Swift container, every level below at once); a Foundation container met again inside
    /// itself (`containersAbove` holds those on the way down) is not followed again, as a kept
    /// value keeps it. Records nothing but the value limit, where the walk passes it.
    private static func partsFit(
        _ parts: [FoundationJSON], containersAbove: inout Set<ObjectIdentifier>, context: inout EncodingContext
    ) -> Bool {
        for (index, part) in parts.enumerated() {
            let fits = context.descend(into: .index(index)) { context in
                partFits(part, containersAbove: &containersAbove, context: &context)
            }
            guard fits else { return false }
        }
        return true
    }

    /// Whether `part` nests within the levels output writes (``partsFit(_:containersAbove:context:)``).
    private static func partFits(
        _ part: FoundationJSON, containersAbove: inout Set<ObjectIdentifier>, context: inout EncodingContext
    ) -> Bool {
        var otherParts: [FoundationJSON]?
        switch part.kind {
        case .scalar: return true
        case .unsupported:
            otherParts = part.otherParts
            guard otherParts != nil else { return true }
        case .object, .array: break
        }
        guard context.hasRoomForAContainer, !context.isPastValueLimit else { return false }
        let identity = part.containerIdentity
        if let identity, !containersAbove.insert(identity).inserted { return true }
        defer { identity.map { _ = containersAbove.remove($0) } }
        if let otherParts { return partsFit(otherParts, containersAbove: &containersAbove, context: &context) }
        if case .object = part.kind {
            return membersFit(part.object.dictionary, containersAbove: &containersAbove, context: &context)
        }
        return partsFit(Array(part.elements), containersAbove: &containersAbove, context: &context)
    }

    /// Whether the members of an object inside a set or dictionary nest within the levels output
    /// writes (``partsFit(_:containersAbove:context:)``).
    private static func membersFit(
        _ members: [String: Any], containersAbove: inout Set<ObjectIdentifier>, context: inout EncodingContext
    ) -> Bool {
        for key in members.keys.sorted() {
            guard let member = members[key] else { continue }
            let fits = context.descend(into: .key(key)) { context in
                partFits(FoundationJSON(raw: member), containersAbove: &containersAbove, context: &context)
            }
            guard fits else { return false }
        }
        return true
    }
}
