extension ClassPlan {
    /// Matches reflection against registrations, recording each mismatch as an issue.
    struct Builder {
        /// A property's plan while it is being built.
        struct Draft {
            let name: String
            /// The stored property's label (`_name` for a property wrapper's storage).
            let label: String
            let inputPath: [JastorPath.Component]?
            let outputPath: [JastorPath.Component]?
            var accessor: PropertyAccessor
            let isRequired: Bool
        }

        /// A registration with the name of the property it reaches.
        struct Registration {
            let name: String
            let property: JastorProperty
            /// The class declaring the field its key path reaches, when another class's field
            /// shares the label and the probe told which (``KeyPathNaming/Reached/owner``).
            let owner: JastorObject.Type?
        }

        let modelType: JastorObject.Type
        let shortName: String
        var issues: [JastorIssue] = []
        /// The issues outputs report: those of registrations whose values outputs leave out.
        var outputIssues: [JastorIssue] = []
        /// The property registered with `.unmappedKeys`, if any.
        var unmappedKeysName: String?
        /// Names registered with a key path to another property, already reported: their stored
        /// property is not reported again as unregistered.
        var misdirected: Set<String> = []
        /// Names of stored properties left out as another class's field of the same name, already
        /// reported: their registrations are not reported again as naming none.
        var shadowedNames: Set<String> = []
        /// Labels of fields a superclass's or subclass's field shares: the storage slots found by
        /// label cannot tell them apart, so their accessors go through the key path.
        var sharedLabels: Set<String> = []
        /// Every registration of each name, in the order the classes list them (a subclass's after
        /// its superclass's): a superclass's field beside a subclass's ignored one of the same name
        /// keeps the superclass's.
        var everyRegistration: [String: [Registration]] = [:]

        init(modelType: JastorObject.Type) {
            self.modelType = modelType
            self.shortName = TypeName.short(modelType)
        }

        /// Every class's registrations by the name of the property each reaches; a subclass's
        /// registration replaces its superclass's.
        ///
        /// A registration that gives no name takes the one its key path reaches; one that gives a
        /// name must reach that property. Registrations that fail either are reported and left out.
        mutating func registrations(declaredBy classes: [JastorObject.Type]) -> [String: Registration] {
            let naming = KeyPathNaming(modelType: modelType)
            var byName: [String: Registration] = [:]
            var duplicates: Set<String> = []
            var namesByKeyPath: [AnyKeyPath: String] = [:]
            for type in classes {
                var seen: Set<String> = []
                // Each name's first registration; its key path is described only for a report
                // (`String(describing:)` of a key path pages in runtime code mapping never needs:
                // Performance, "Peak memory (11)").
                var firstRegistrations: [String: (position: Int, accessor: PropertyAccessor)] = [:]
                for (position, property) in type.properties.enumerated() {
                    let accessor = property.accessor
                    let reachedField = naming.property(reachedBy: accessor)
                    let reached = reachedField?.name
                    // A lazy var's key path is a computed one; listed with `ignored(_:)` it is left alone.
                    if reached == nil, let lazy = naming.lazyPropertyName(readBy: accessor) {
                        if accessor.isMapped { recordLazy(lazy) }
                        continue
                    }
                    guard let name = property.givenName ?? reached else {
                        recordUnnamed(accessor)
                        continue
                    }
                    if let reached, reached != name {
                        record(name, expected: "a key path to \(name)", found: accessor.keyPathDescription)
                        misdirected.insert(name)
                        continue
                    }
                    if let keyPath = accessor.erasedKeyPath {
                        if let other = namesByKeyPath[keyPath], other != name {
                            record(
                                name, expected: "a key path registered once",
                                found: "\(accessor.keyPathDescription), registered as \(other) too")
                        }
                        namesByKeyPath[keyPath] = name
                    }
                    if !seen.insert(name).inserted, duplicates.insert(name).inserted,
                        let first = firstRegistrations[name]
                    {
                        recordDuplicate(
                            name, in: type, first: (first.position, first.accessor.keyPathDescription),
                            second: (position, accessor.keyPathDescription))
                    }
                    if firstRegistrations[name] == nil { firstRegistrations[name] = (position, accessor) }
                    let registration = Registration(name: name, property: property, owner: reachedField?.owner)
                    byName[name] = registration
                    everyRegistration[name, default: []].append(registration)
                }
            }
            return byName
        }

        /// The plans of the mapped properties, in declaration order.
        mutating func plans(for stored: [StoredProperty], registrations: [String: Registration]) -> [Draft] {
            let storedNames = Set(stored.map(\.name))
            let (shadowed, superclassRegistrations) = checkShadowing(of: stored, registrations: registrations)
            var matched: Set<String> = []
            var plans: [Draft] = []
            for (index, property) in stored.enumerated() where !shadowed.contains(index) {
                guard
                    let registration = superclassRegistrations[index] ?? registrations[property.label]
                        ?? registrations[property.name]
                else {
                    if !misdirected.contains(property.name) {
                        record(
                            property.name, expected: "a registration in \(shortName).properties",
                            found: "an unregistered stored property",
                            outputIsWhole: true)
                    }
                    continue
                }
                matched.insert(registration.name)
                let accessor = registration.property.accessor
                guard accessor.applies(to: modelType) else {
                    record(
                        property.name, expected: "a key path rooted at \(shortName) or a superclass",
                        found: "one rooted at \(accessor.rootTypeName)")
                    continue
                }
                guard property.isWrapperStorage || accessor.matchesStoredValue(property.value) else {
                    record(
                        property.name, expected: "a registration of type \(type(of: property.value))",
                        found: "one of type \(accessor.valueTypeName)")
                    continue
                }
                guard accessor.isMapped else { continue }
                // Mapping never writes an `.encodeOnly` property, so it may hold what it does not keep.
                let readsInto = registration.property.direction != .encodeOnly
                if let mistake = accessor.declarationMistake
                    ?? (readsInto ? accessor.ownershipMistake(in: modelType) : nil)
                {
                    record(property.name, expected: mistake.expected, found: mistake.found)
                    continue
                }
                plans.append(draft(for: registration, label: property.label, storedNames: storedNames))
            }
            for name in registrations.keys.sorted() where !matched.contains(name) && !shadowedNames.contains(name) {
                record(
                    name, expected: "a stored property of \(shortName)", found: "a registration naming none",
                    outputIsWhole: true)
            }
            return plans
        }

        /// Reports the stored properties of the class chain that one name reaches, and returns the
        /// positions of those mapping leaves out, and the registration of a superclass's field
        /// whose subclass's field of the same name is ignored, by position.
        ///
        /// Such a pair is a subclass's own field named as a superclass's (each class's `private var
        /// secret`), or named as what a superclass's `_name` field is read as (`var count` below a
        /// `var _count`, which would then be `_count`). Registrations name properties, so they cannot
        /// tell which of the two one means: a subclass's field of a superclass's field's label that
        /// no registration reaching it names (``reaches(_:fieldOf:)``) is an unregistered stored
        /// property, and the superclass's field keeps its registration; one that such a
        /// registration lists with `ignored(_:)` is left alone, and the superclass's field keeps the
        /// last registration reaching it; otherwise both are reported and left out.
        private mutating func checkShadowing(
            of stored: [StoredProperty], registrations: [String: Registration]
        ) -> (leftOut: Set<Int>, superclassRegistrations: [Int: Registration]) {
            var leftOut: Set<Int> = []
            var superclassRegistrations: [Int: Registration] = [:]
            var firstByLabel: [String: Int] = [:]
            for (index, property) in stored.enumerated() {
                defer { if firstByLabel[property.label] == nil { firstByLabel[property.label] = index } }
                // A class declares each label once, and may declare both `count` and `_count` itself.
                guard let earlier = firstByLabel[property.label] ?? firstByLabel["_" + property.label],
                    ObjectIdentifier(stored[earlier].owner) != ObjectIdentifier(property.owner)
                else { continue }
                let base = stored[earlier]
                sharedLabels.formUnion([base.label, property.label])
                let registration = registrations[property.label] ?? registrations[property.name]
                let reachesItsField = registration.map { Self.reaches($0, fieldOf: property.owner) } ?? false
                if base.label == property.label && !reachesItsField {
                    if !misdirected.contains(property.name) {
                        record(
                            property.name, expected: "a registration in \(shortName).properties",
                            found: "an unregistered stored property", outputIsWhole: true)
                    }
                    leftOut.insert(index)
                    continue
                }
                if base.label == property.label, let registration, !registration.property.accessor.isMapped,
                    let inherited = everyRegistration[base.name]?.last(where: {
                        !Self.reaches($0, fieldOf: property.owner)
                    })
                {
                    superclassRegistrations[earlier] = inherited
                    leftOut.insert(index)
                    continue
                }
                record(
                    property.name,
                    expected: "one stored property named \(property.label) in \(shortName) and its superclasses "
                        + "(registrations tell properties apart by name; rename one)",
                    found: "\(TypeName.short(base.owner)).\(base.label) and "
                        + "\(TypeName.short(property.owner)).\(property.label), both left out")
                leftOut.formUnion([earlier, index])
                shadowedNames.formUnion([base.name, property.name])
            }
            return (leftOut, superclassRegistrations)
        }

        /// Whether the registration reaches the field `owner` declares rather than a superclass's
        /// field of the same label: the field its key path was seen to reach, or else whether its
        /// key path is rooted at `owner` or below (one rooted at a superclass cannot reach it).
        ///
        /// The root alone does not tell: the short form `register(\.secret)` in a superclass is
        /// rooted at `Self`, the subclass being mapped, yet reaches the superclass's `secret`.
        private static func reaches(_ registration: Registration, fieldOf owner: JastorObject.Type) -> Bool {
            if let reached = registration.owner { return ObjectIdentifier(reached) == ObjectIdentifier(owner) }
            return isRooted(registration, atOrBelow: owner)
        }

        /// Whether the registration's key path is rooted at `type` or a subclass of it: it may
        /// mean a field of `type` that a superclass's key path cannot reach.
        private static func isRooted(_ registration: Registration, atOrBelow type: JastorObject.Type) -> Bool {
            let root = registration.property.accessor.erasedKeyPath.map { Swift.type(of: $0).rootType }
            return (root as? JastorObject.Type).map { isClass($0, atOrBelow: type) } ?? false
        }

        /// Whether `type` is `ancestor` or one of its subclasses.
        private static func isClass(_ type: JastorObject.Type, atOrBelow ancestor: JastorObject.Type) -> Bool {
            var next: AnyClass? = type
            while let step = next {
                if ObjectIdentifier(step) == ObjectIdentifier(ancestor) { return true }
                next = _getSuperclass(step)
            }
            return false
        }

        /// Where a registration reads and writes: its explicit keys, else the key strategy's key
        /// for its name (`objectId` reads `"id"` when the class has no `id`), as its direction allows.
        private mutating func draft(for named: Registration, label: String, storedNames: Set<String>) -> Draft {
            let name = named.name
            let registration = named.property
            if registration.collectsUnmappedKeys {
                if let existing = unmappedKeysName {
                    record(name, expected: "one .unmappedKeys registration", found: "another besides \(existing)")
                }
                unmappedKeysName = name
                return Draft(
                    name: name, label: label, inputPath: nil, outputPath: nil, accessor: registration.accessor,
                    isRequired: false)
            }
            let defaultKey: [JastorPath.Component] =
                name == "objectId" && !storedNames.contains("id")
                ? [.key("id")] : [.key(modelType.keyStrategy.key(for: name))]
            let input = registration.key?.components ?? defaultKey
            let output = registration.outputKey?.components ?? input
            if input.isEmpty || output.isEmpty {
                record(name, expected: "a non-empty key", found: "an empty key path")
            }
            checkOptionsUsed(by: registration, of: name)
            let inputIsSound = checkKey(registration.key, of: name, argument: "key")
            let outputIsSound =
                registration.outputKey == nil
                ? inputIsSound : checkKey(registration.outputKey, of: name, argument: "outputKey")
            let inputPath = registration.direction == .encodeOnly || input.isEmpty || !inputIsSound ? nil : input
            return Draft(
                name: name, label: label, inputPath: inputPath,
                outputPath: registration.direction == .decodeOnly || output.isEmpty || !outputIsSound ? nil : output,
                accessor: registration.accessor,
                isRequired: inputPath != nil
                    && (registration.isRequired ?? modelType.keyPolicy.contains(.requireEveryKey)))
        }

        /// Reports an option the registration's direction leaves unused.
        ///
        /// Such an option would otherwise be dropped: `required: true`, or a `key:` beside an
        /// `outputKey:`, on an `.encodeOnly` property (never read), and an `outputKey:` on a
        /// `.decodeOnly` one (never written). Outputs write what they wrote without it.
        private mutating func checkOptionsUsed(by registration: JastorProperty, of name: String) {
            switch registration.direction {
            case .encodeOnly:
                if registration.isRequired == true {
                    record(
                        name, expected: "required: on a property mapping reads (.both or .decodeOnly)",
                        found: "required: true on an .encodeOnly property, whose key is never read", outputIsWhole: true
                    )
                }
                if let key = registration.key, registration.outputKey != nil {
                    record(
                        name, expected: "key: on a property mapping reads (.both or .decodeOnly)",
                        found: "key: \(key) beside outputKey: on an .encodeOnly property, whose key is never read",
                        outputIsWhole: true)
                }
            case .decodeOnly:
                if let outputKey = registration.outputKey {
                    record(
                        name, expected: "outputKey: on a property output writes (.both or .encodeOnly)",
                        found: "outputKey: \(outputKey) on a .decodeOnly property, which is never written",
                        outputIsWhole: true)
                }
            case .both:
                break
            }
        }

        /// Reports a `key:` or `outputKey:` whose text a path cannot hold, with more than
        /// `JastorPath.maximumKeyCount` keys and indexes, or with an index outside
        /// `0...JastorPath.maximumKeyIndex`; `false` when the property must not use it (it then
        /// neither reads nor writes on that side, and the issue says why).
        private mutating func checkKey(_ key: JastorPath?, of name: String, argument: String) -> Bool {
            guard let key else { return true }
            if let malformation = key.malformation {
                record(name, expected: "a \(argument): Jastor can read as a key path", found: malformation)
                return false
            }
            // Deeper, its value would be more levels down than mapping follows, or than the
            // reader takes once the model is nested.
            if key.components.count > JastorPath.maximumKeyCount {
                record(
                    name,
                    expected: "at most \(JastorPath.maximumKeyCount) keys and indexes in \(argument): (the levels of "
                        + "nesting mapping follows)",
                    found: "\(key.components.count)")
                return false
            }
            for case .index(let index) in key.components where !(0...JastorPath.maximumKeyIndex).contains(index) {
                record(
                    name, expected: "indexes from 0 through \(JastorPath.maximumKeyIndex) in \(argument):",
                    found: "[\(index)] in \(key)")
                return false
            }
            return true
        }

        /// Applies every class's `arrayElementTypes`, checking each entry fits its property.
        mutating func applyElementTypes(_ classes: [JastorObject.Type], to plans: inout [Draft]) {
            var elementTypes: [String: JastorObject.Type] = [:]
            for type in classes {
                elementTypes.merge(type.arrayElementTypes) { _, subclass in subclass }
            }
            for (name, elementType) in elementTypes.sorted(by: { $0.key < $1.key }) {
                guard let index = plans.firstIndex(where: { $0.name == name }) else {
                    record(
                        name, expected: "a mapped property for arrayElementTypes", found: "none", outputIsWhole: true)
                    continue
                }
                guard let accessor = plans[index].accessor.replacingModelType(with: elementType) else {
                    // A transform builds the property's values itself, whatever class it could hold.
                    if let transform = plans[index].accessor.archivedTransform {
                        record(
                            name, expected: "a property read by its type's rules for arrayElementTypes",
                            found: "\(elementType) in arrayElementTypes for one read through its \(transform)")
                    } else {
                        record(
                            name, expected: "a model class that \(plans[index].accessor.valueTypeName) can hold",
                            found: "\(elementType) in arrayElementTypes")
                    }
                    continue
                }
                plans[index].accessor = accessor
            }
        }

        /// Reports each written property whose output path collides with an earlier one's.
        ///
        /// Paths collide when they are the same key, when one goes through the other's key (`p` and
        /// `p.q`), or when one writes an array where the other writes an object (`p.0` and `p.x`):
        /// `toDictionary()` could keep only one of the values. Reading one key into several
        /// properties is legal when all but one are `.decodeOnly` (the others write nothing).
        mutating func checkOutputPaths(of plans: [Draft]) {
            var written: [(name: String, path: [JastorPath.Component])] = []
            for plan in plans {
                guard let path = plan.outputPath else { continue }
                if let other = written.first(where: { Self.collide($0.path, path) }) {
                    let text = JastorPath(path).description
                    let otherText = JastorPath(other.path).description
                    record(
                        plan.name, expected: "an output key no other property writes",
                        found: (other.path == path
                            ? "\"\(text)\", which \(other.name) writes too"
                            : "\"\(text)\", which collides with \"\(otherText)\" that \(other.name) writes")
                            + Self.spellingAdvice(otherText, text, of: "key"))
                    continue
                }
                written.append((plan.name, path))
            }
        }

        /// Whether writing both paths into one object would lose one of the values.
        private static func collide(_ first: [JastorPath.Component], _ second: [JastorPath.Component]) -> Bool {
            for (one, other) in zip(first, second) where one != other {
                switch (one, other) {
                case (.key, .key), (.index, .index): return false
                default: return true
                }
            }
            return true
        }

        /// Lets each accessor reach its property's storage directly where the stored field has
        /// exactly the registered type (not a property wrapper's or lazy storage).
        func attachStorage(_ slots: [String: StorageSlot], to plans: inout [Draft]) {
            for index in plans.indices {
                guard !sharedLabels.contains(plans[index].label), let slot = slots[plans[index].label],
                    let accessor = plans[index].accessor.reachingStorage(at: slot)
                else { continue }
                plans[index].accessor = accessor
            }
        }

        /// Lets each accessor of a model-typed property write its field directly where the field
        /// is plain strong storage of exactly the registered type (not `weak`, not `unowned`).
        func attachReferenceStorage(
            _ slots: [String: StorageSlot], of modelType: JastorObject.Type, to plans: inout [Draft]
        ) {
            for index in plans.indices {
                guard !sharedLabels.contains(plans[index].label), let slot = slots[plans[index].label],
                    let accessor = plans[index].accessor.reachingReferenceStorage(at: slot, in: modelType)
                else { continue }
                plans[index].accessor = accessor
            }
        }

        /// A registration of a `lazy var`, which mapping cannot write without running its initial value.
        private mutating func recordLazy(_ name: String) {
            record(
                name, expected: "a stored var (make it a plain var, or list it with ignored(_:))",
                found: "a lazy var, which cannot be mapped")
        }

        /// Two registrations reaching one property: names both, by position and key path (a computed
        /// property over a stored one reaches the stored one's storage).
        private mutating func recordDuplicate(
            _ name: String, in type: JastorObject.Type, first: (position: Int, keyPath: String),
            second: (position: Int, keyPath: String)
        ) {
            let both =
                "\(first.keyPath) (registration \(first.position + 1)) and "
                + "\(second.keyPath) (registration \(second.position + 1))"
            let advice =
                first.keyPath == second.keyPath
                ? Self.spellingAdvice(Self.lastName(first.keyPath), Self.lastName(second.keyPath))
                : ", which both reach \(name)'s storage (a computed property over \(name)? register one)"
            record(name, expected: "one registration in \(type).properties", found: "several: \(both)\(advice)")
        }

        /// `; one name in two Unicode spellings (caf\u{e9}, cafe\u{301}): rename one` when `first`
        /// and `second`, names (or keys) of two properties, are one text in two spellings:
        /// identifiers Swift tells apart, which `String` calls equal and which look alike printed;
        /// else nothing.
        static func spellingAdvice(_ first: String, _ second: String, of noun: String = "name") -> String {
            guard first == second, !first.utf8.elementsEqual(second.utf8) else { return "" }
            return "; one \(noun) in two Unicode spellings (\(MessageText.spelledOut(first)), "
                + "\(MessageText.spelledOut(second))): rename one"
        }

        /// The name a key path's text ends with (`name` of `\\Note.name`).
        private static func lastName(_ keyPath: String) -> String {
            keyPath.split(separator: ".").last.map(String.init) ?? keyPath
        }

        /// Reports a registration whose key path reaches no property Jastor can name.
        private mutating func recordUnnamed(_ accessor: PropertyAccessor) {
            let description = accessor.keyPathDescription
            let component = description.dropFirst("\\\(accessor.rootTypeName).".count)
            record(
                String(component), expected: "a key path whose stored property Jastor can name",
                found: "\(description); give the name: JastorProperty(\"name\", \\\(accessor.rootTypeName).name)")
        }

        /// Records a declaration issue; `outputIsWhole` when outputs still write every value the
        /// class's registrations hold (an unregistered property, a registration or an
        /// `arrayElementTypes` entry naming nothing), so outputs do not report it.
        private mutating func record(
            _ property: String, expected: String, found: String, outputIsWhole: Bool = false
        ) {
            let issue = JastorIssue(
                path: [.key(shortName), .key(property)], kind: .invalidDeclaration, expected: expected, found: found)
            issues.append(issue)
            if !outputIsWhole { outputIssues.append(issue) }
        }
    }
}
