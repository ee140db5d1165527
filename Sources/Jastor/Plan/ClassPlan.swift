/// How one registered property is read and written.
///
/// A class, so that the engine's loop over a plan retains one reference per property rather
/// than each of its fields.
final class PropertyPlan: Sendable {
    /// The stored property's name; archives store the property under it.
    let name: String
    /// Where the property is read from in JSON, or `nil` when it is never read.
    let inputPath: [JastorPath.Component]?
    /// The input key when the input path is one key, the common case the engine reads directly.
    let inputKey: JastorPath.Component?
    /// Where `toDictionary()` writes the property, or `nil` when it is never written.
    let outputPath: [JastorPath.Component]?
    /// The output key when the output path is one key.
    let outputKey: JastorPath.Component?
    let accessor: PropertyAccessor
    /// How the class's default value is empty (`nil`, an empty collection), if it is: a value empty
    /// in the same way is left out of the output, since reading it back leaves the same default.
    let omittedEmptiness: Emptiness
    /// Whether a JSON object the model is created from must have the property's input key.
    let isRequired: Bool

    init(
        name: String, inputPath: [JastorPath.Component]?, inputKey: JastorPath.Component?,
        outputPath: [JastorPath.Component]?, accessor: PropertyAccessor, omittedEmptiness: Emptiness,
        isRequired: Bool
    ) {
        self.name = name
        self.isRequired = isRequired
        self.inputPath = inputPath
        self.inputKey = inputKey
        self.outputPath = outputPath
        self.outputKey = outputPath?.count == 1 ? outputPath?.first.map { .key($0.objectKey) } : nil
        self.accessor = accessor
        self.omittedEmptiness = omittedEmptiness
    }
}

/// Everything Jastor knows about one model class, built once by reflection and cached.
///
/// The plan lists the mapped properties in declaration order, base class first, and every
/// problem found in the declaration: stored properties with no registration, registrations that
/// name no stored property or the wrong type, and `arrayElementTypes` entries that do not fit.
final class ClassPlan: Sendable {
    let modelType: JastorObject.Type
    /// The class's full name, as `String(reflecting:)` spells it (`MyApp.Product`).
    let className: String
    /// How archives name and version the class.
    let archiveIdentity: ArchiveIdentity
    let properties: [PropertyPlan]
    /// The properties read from a single key, in declaration order, each with the position of
    /// its key in ``keyTable``.
    let keyedProperties: [(property: PropertyPlan, keyPosition: Int)]
    /// The distinct keys of ``keyedProperties``.
    let keyTable: KeyTable
    /// The properties read from a longer key path, in declaration order.
    let pathProperties: [PropertyPlan]
    /// Whether every written property writes one key and no two write the same, so that
    /// `toDictionary()` can add each without looking for an earlier one.
    let hasDistinctOutputKeys: Bool
    /// How `jsonData(options:)` writes the class's models.
    let jsonLayout: JSONOutputLayout
    /// The property that keeps the keys no other property maps, if the class has one.
    let unmappedKeys: PropertyPlan?
    /// The first key of every property's input path: the keys the class maps.
    let mappedKeys: Set<String>
    /// The properties whose keys a JSON object the model is created from must have.
    let requiredProperties: [PropertyPlan]
    /// How many of ``keyedProperties`` are required, to tell cheaply whether all were found.
    let requiredKeyedCount: Int
    /// Whether keys no property maps are reported (``JastorKeyPolicy/reportUnknownKeys``, and no
    /// `unmappedKeys` property to keep them).
    let reportsUnknownKeys: Bool
    /// Whether mapping checks keys at all (required or unknown), so that the usual case costs one test.
    let checksKeys: Bool
    let declarationIssues: [JastorIssue]

    init(modelType: JastorObject.Type) {
        let blank = modelType.init()
        let (classes, stored) = StoredPropertyWalker.walk(blank)
        var builder = Builder(modelType: modelType)
        let registrations = builder.registrations(declaredBy: classes)
        var properties = builder.plans(for: stored, registrations: registrations)
        builder.applyElementTypes(classes, to: &properties)
        if let dates = modelType.dateTransform {
            for index in properties.indices {
                guard let accessor = properties[index].accessor.replacingDates(with: dates.codec) else { continue }
                properties[index].accessor = accessor
            }
        }
        builder.attachStorage(StoredPropertyWalker.storageSlots(of: modelType), to: &properties)

        self.modelType = modelType
        self.className = String(reflecting: modelType)
        self.archiveIdentity = ArchiveIdentity(of: modelType)
        self.properties = properties.map {
            PropertyPlan(
                name: $0.name, inputPath: $0.inputPath,
                inputKey: $0.inputPath?.count == 1 ? $0.inputPath?.first.map { .key($0.objectKey) } : nil,
                outputPath: $0.outputPath, accessor: $0.accessor, omittedEmptiness: $0.accessor.emptiness(in: blank),
                isRequired: $0.isRequired)
        }
        var keys: [String] = []
        var keyPositions: [String: Int] = [:]
        var keyedProperties: [(property: PropertyPlan, keyPosition: Int)] = []
        for property in self.properties {
            guard case .key(let key)? = property.inputKey else { continue }
            let position = keyPositions[key] ?? keys.count
            if position == keys.count {
                keys.append(key)
                keyPositions[key] = position
            }
            keyedProperties.append((property, position))
        }
        self.keyedProperties = keyedProperties
        self.keyTable = KeyTable(keys: keys)
        self.pathProperties = self.properties.filter { $0.inputKey == nil && $0.inputPath != nil }
        let written = self.properties.filter { $0.outputPath != nil }
        let outputKeys = written.compactMap { $0.outputKey?.objectKey }
        self.hasDistinctOutputKeys = outputKeys.count == written.count && Set(outputKeys).count == outputKeys.count
        self.unmappedKeys = self.properties.first { $0.name == builder.unmappedKeysName }
        self.jsonLayout = JSONOutputLayout(
            properties: self.properties, streams: hasDistinctOutputKeys && self.unmappedKeys == nil)
        self.mappedKeys = Set(self.properties.compactMap { $0.inputPath?.first?.objectKey })
        self.requiredProperties = self.properties.filter(\.isRequired)
        self.requiredKeyedCount = self.requiredProperties.filter { $0.inputKey != nil }.count
        self.reportsUnknownKeys = modelType.keyPolicy.contains(.reportUnknownKeys) && self.unmappedKeys == nil
        self.checksKeys = !requiredProperties.isEmpty || reportsUnknownKeys
        self.declarationIssues = builder.issues
    }
}

// MARK: - Building

extension ClassPlan {
    /// Matches reflection against registrations, recording each mismatch as an issue.
    private struct Builder {
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
        }

        let modelType: JastorObject.Type
        let shortName: String
        var issues: [JastorIssue] = []
        /// The property registered with `.unmappedKeys`, if any.
        var unmappedKeysName: String?
        /// Names registered with a key path to another property, already reported: their stored
        /// property is not reported again as unregistered.
        var misdirected: Set<String> = []

        init(modelType: JastorObject.Type) {
            self.modelType = modelType
            self.shortName = String(describing: modelType)
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
                for property in type.properties {
                    let accessor = property.accessor
                    let reached = naming.propertyName(reachedBy: accessor)
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
                    if !seen.insert(name).inserted, duplicates.insert(name).inserted {
                        record(name, expected: "one registration in \(type).properties", found: "several")
                    }
                    byName[name] = Registration(name: name, property: property)
                }
            }
            return byName
        }

        /// The plans of the mapped properties, in declaration order.
        mutating func plans(for stored: [StoredProperty], registrations: [String: Registration]) -> [Draft] {
            let storedNames = Set(stored.map(\.name))
            var matched: Set<String> = []
            var plans: [Draft] = []
            for property in stored {
                guard let registration = registrations[property.label] ?? registrations[property.name] else {
                    if !misdirected.contains(property.name) {
                        record(
                            property.name, expected: "a registration in \(shortName).properties",
                            found: "an unregistered stored property")
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
                if let typeName = accessor.typeWithoutRules {
                    record(
                        property.name, expected: "a transform for \(typeName) (transform: or registerAsDefault())",
                        found: "an empty JastorValue conformance")
                    continue
                }
                plans.append(draft(for: registration, label: property.label, storedNames: storedNames))
            }
            for name in registrations.keys.sorted() where !matched.contains(name) {
                record(name, expected: "a stored property of \(shortName)", found: "a registration naming none")
            }
            return plans
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
            let inputPath = registration.direction == .encodeOnly || input.isEmpty ? nil : input
            return Draft(
                name: name, label: label, inputPath: inputPath,
                outputPath: registration.direction == .decodeOnly || output.isEmpty ? nil : output,
                accessor: registration.accessor,
                isRequired: inputPath != nil
                    && (registration.isRequired ?? modelType.keyPolicy.contains(.requireEveryKey)))
        }

        /// Applies every class's `arrayElementTypes`, checking each entry fits its property.
        mutating func applyElementTypes(_ classes: [JastorObject.Type], to plans: inout [Draft]) {
            var elementTypes: [String: JastorObject.Type] = [:]
            for type in classes {
                elementTypes.merge(type.arrayElementTypes) { _, subclass in subclass }
            }
            for (name, elementType) in elementTypes.sorted(by: { $0.key < $1.key }) {
                guard let index = plans.firstIndex(where: { $0.name == name }) else {
                    record(name, expected: "a mapped property for arrayElementTypes", found: "none")
                    continue
                }
                guard let accessor = plans[index].accessor.replacingModelType(with: elementType) else {
                    record(
                        name, expected: "a model class that \(plans[index].accessor.valueTypeName) can hold",
                        found: "\(elementType) in arrayElementTypes")
                    continue
                }
                plans[index].accessor = accessor
            }
        }

        /// Lets each accessor reach its property's storage directly where the stored field has
        /// exactly the registered type (not a property wrapper's or lazy storage).
        func attachStorage(_ slots: [String: StorageSlot], to plans: inout [Draft]) {
            for index in plans.indices {
                guard let slot = slots[plans[index].label],
                    let accessor = plans[index].accessor.reachingStorage(at: slot)
                else { continue }
                plans[index].accessor = accessor
            }
        }

        /// Reports a registration whose key path reaches no property Jastor can name.
        private mutating func recordUnnamed(_ accessor: PropertyAccessor) {
            let description = accessor.keyPathDescription
            let component = description.dropFirst("\\\(accessor.rootTypeName).".count)
            record(
                String(component), expected: "a key path whose stored property Jastor can name",
                found: "\(description); give the name: JastorProperty(\"name\", \\\(accessor.rootTypeName).name)")
        }

        private mutating func record(_ property: String, expected: String, found: String) {
            issues.append(
                JastorIssue(
                    path: [.key(shortName), .key(property)], kind: .invalidDeclaration, expected: expected, found: found
                ))
        }
    }
}
