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
    /// The transform archives write each property with, by property name (none for a property
    /// written by its type's rules): recorded in archives and compared when reading them
    /// (``ArchiveTransforms``).
    let archivedTransforms: [String: String]
    let properties: [PropertyPlan]
    /// The properties read from a single key, in declaration order, each with the position of
    /// its key in ``keyTable``; borrowed from ``properties``, so that reading them retains nothing.
    let keyedProperties: [(property: PlanReference<PropertyPlan>, keyPosition: Int)]
    /// The distinct keys of ``keyedProperties``, each spelled as output writes it
    /// (``writtenSpelling(at:)``), so that a key read in another spelling is noted.
    let keyTable: KeyTable
    /// Whether no two of ``keyedProperties`` read the same key, so that as many of them found as
    /// an object has members means every member's key is one of ``keyTable``'s.
    let keyedPropertiesHaveDistinctKeys: Bool
    /// Every property, in declaration order, with the position of its name in ``nameTable``: what
    /// archives read, by name; borrowed from ``properties``, as ``keyedProperties`` are.
    let namedProperties: [(property: PlanReference<PropertyPlan>, namePosition: Int)]
    /// The distinct names of ``properties``.
    let nameTable: KeyTable
    /// The properties read from a longer key path, in declaration order.
    let pathProperties: [PropertyPlan]
    /// Whether every written property writes one key and no two write the same, so that
    /// `toDictionary()` can add each without looking for an earlier one.
    let hasDistinctOutputKeys: Bool
    /// How `jsonData(options:)` writes the class's models.
    let jsonLayout: JSONOutputLayout
    /// The property that keeps the keys no other property maps, if the class has one.
    let unmappedKeys: PropertyPlan?
    /// Whether two keys of the properties' paths are one text in two Unicode spellings
    /// (`"café"` and `"cafe\u{301}"`): only then may a key be read in one and written in another.
    let spellsSomeKeyTwoWays: Bool
    /// The first key of every property's input path: the keys the class maps.
    let mappedKeys: Set<String>
    /// The first key of every property's input and output path: the keys an `.unmappedKeys`
    /// property never keeps, since a property reads them or `toDictionary()` writes them.
    let propertyKeys: Set<String>
    /// The properties whose keys a JSON object the model is created from must have.
    let requiredProperties: [PropertyPlan]
    /// How many of ``keyedProperties`` are required, to tell cheaply whether all were found.
    let requiredKeyedCount: Int
    /// Whether keys no property maps are reported (``JastorKeyPolicy/reportUnknownKeys``, and no
    /// `unmappedKeys` property to keep them).
    let reportsUnknownKeys: Bool
    /// Whether mapping checks keys at all (required or unknown), so that the usual case costs one test.
    let checksKeys: Bool
    /// The keys properties only write, checked after mapping; `nil` (the usual case) when the
    /// class has none or ignores the keys it does not read.
    let writtenOnlyKeys: WrittenOnlyKeys?
    /// The values under a key read through a longer path that no property reads, checked after
    /// mapping; `nil` (the usual case) when the class reads no such path or ignores unread keys.
    let keyPathSiblings: KeyPathSiblings?
    let declarationIssues: [JastorIssue]
    /// The declaration issues of registrations whose values outputs leave out (not of its
    /// archive name or version, which archiving checks itself, nor of an unregistered property):
    /// outputs report them, as such a value is not written.
    let propertyDeclarationIssues: [JastorIssue]
    /// The declaration issues of its properties, all of them: reading an archive throws them (it
    /// maps strictly), so archiving reports them before writing a file that would not read back.
    let archiveDeclarationIssues: [JastorIssue]

    /// Builds the plan of `modelType` by reflection, checking its declaration.
    convenience init(modelType: JastorObject.Type) {
        let blank = modelType.init()
        let (classes, stored) = StoredPropertyWalker.walk(blank)
        var builder = Builder(modelType: modelType)
        let registrations = builder.registrations(declaredBy: classes)
        var properties = builder.plans(for: stored, registrations: registrations)
        builder.applyElementTypes(classes, to: &properties)
        builder.checkOutputPaths(of: properties)
        if let dates = modelType.dateTransform {
            for index in properties.indices {
                guard let accessor = properties[index].accessor.replacingDates(with: dates.codec) else { continue }
                properties[index].accessor = accessor
            }
        }
        builder.attachStorage(RuntimeLayout.storageSlots(of: modelType), to: &properties)
        builder.attachReferenceStorage(RuntimeLayout.referenceSlots(of: modelType), of: modelType, to: &properties)
        self.init(modelType: modelType, properties: properties, builder: builder, blank: blank)
    }

    /// The plan of a class asked for while its own plan is being built on the same thread: it maps
    /// nothing and makes no model.
    ///
    /// Building a plan makes blank models (of the class, and of the classes its properties hold,
    /// for the probes that name key paths and check ownership); a default value of one of those
    /// may map the class again (`var settings = Settings(dictionary: defaults)` in a class that
    /// `Settings` holds). That model is a probe's, thrown away; building its plan again would
    /// recurse until the stack overflows (``PlanCache/plan(for:)``).
    convenience init(beingBuilt modelType: JastorObject.Type) {
        self.init(modelType: modelType, properties: [], builder: Builder(modelType: modelType), blank: nil)
    }

    /// The plan of the property drafts `builder` made; `blank` is a model made by `init()`, whose
    /// values tell which of them outputs omit when empty (`nil` only without properties).
    private init(modelType: JastorObject.Type, properties: [Builder.Draft], builder: Builder, blank: JastorObject?) {
        self.modelType = modelType
        self.className = TypeName.qualified(modelType)
        self.archiveIdentity = ArchiveIdentity(of: modelType)
        self.properties = properties.map {
            PropertyPlan(
                name: $0.name, inputPath: $0.inputPath,
                inputKey: $0.inputPath?.count == 1 ? $0.inputPath?.first.map { .key($0.objectKey) } : nil,
                outputPath: $0.outputPath, accessor: $0.accessor,
                // A required key is always written (`null`, `[]`), so that the model's own output
                // has every key its policy asks for.
                omittedEmptiness: $0.isRequired ? .notEmpty : blank.map($0.accessor.emptiness(in:)) ?? .notEmpty,
                isRequired: $0.isRequired)
        }
        var archivedTransforms: [String: String] = [:]
        for property in properties {
            if let transform = property.accessor.archivedTransform { archivedTransforms[property.name] = transform }
        }
        self.archivedTransforms = archivedTransforms
        let pathKeys = self.properties.flatMap { [$0.inputPath, $0.outputPath].compactMap { $0 } }.joined()
            .compactMap { component -> String? in
                guard case .key(let key) = component else { return nil }
                return key
            }
        self.spellsSomeKeyTwoWays = Set(pathKeys).count != Set(pathKeys.map { Array($0.utf8) }).count
        var keys: [String] = []
        var keyPositions: [String: Int] = [:]
        var keyedProperties: [(property: PlanReference<PropertyPlan>, keyPosition: Int)] = []
        for property in self.properties {
            guard case .key(let key)? = property.inputKey else { continue }
            let position = keyPositions[key] ?? keys.count
            if position == keys.count {
                keys.append(
                    Self.writtenSpelling(
                        at: [.key(key)], in: self.properties, spellsSomeKeyTwoWays: spellsSomeKeyTwoWays))
                keyPositions[key] = position
            }
            keyedProperties.append((PlanReference(property), position))
        }
        self.keyedProperties = keyedProperties
        self.keyTable = KeyTable(keys: keys)
        self.keyedPropertiesHaveDistinctKeys = keyedProperties.count == keys.count
        var names: [String] = []
        var namePositions: [String: Int] = [:]
        var namedProperties: [(property: PlanReference<PropertyPlan>, namePosition: Int)] = []
        for property in self.properties {
            let position = namePositions[property.name] ?? names.count
            if position == names.count {
                names.append(property.name)
                namePositions[property.name] = position
            }
            namedProperties.append((PlanReference(property), position))
        }
        self.namedProperties = namedProperties
        self.nameTable = KeyTable(keys: names)
        self.pathProperties = self.properties.filter { $0.inputKey == nil && $0.inputPath != nil }
        let written = self.properties.filter { $0.outputPath != nil }
        let outputKeys = written.compactMap { $0.outputKey?.objectKey }
        self.hasDistinctOutputKeys = outputKeys.count == written.count && Set(outputKeys).count == outputKeys.count
        self.unmappedKeys = self.properties.first { $0.name == builder.unmappedKeysName }
        self.jsonLayout = JSONOutputLayout(
            properties: self.properties, streams: hasDistinctOutputKeys && self.unmappedKeys == nil)
        self.mappedKeys = Set(self.properties.compactMap { $0.inputPath?.first?.objectKey })
        self.propertyKeys = mappedKeys.union(self.properties.compactMap { $0.outputPath?.first?.objectKey })
        self.requiredProperties = self.properties.filter(\.isRequired)
        self.requiredKeyedCount = self.requiredProperties.filter { $0.inputKey != nil }.count
        self.reportsUnknownKeys = modelType.keyPolicy.contains(.reportUnknownKeys) && self.unmappedKeys == nil
        self.checksKeys = !requiredProperties.isEmpty || reportsUnknownKeys
        self.writtenOnlyKeys = WrittenOnlyKeys(
            properties: self.properties, mappedKeys: mappedKeys,
            keepsUnreadKeys: self.unmappedKeys != nil, reportsUnreadKeys: reportsUnknownKeys)
        self.keyPathSiblings = KeyPathSiblings(
            properties: self.properties, modelName: TypeName.short(modelType),
            keepsUnreadKeys: self.unmappedKeys != nil, reportsUnreadKeys: reportsUnknownKeys)
        self.propertyDeclarationIssues = builder.outputIssues
        self.archiveDeclarationIssues = builder.issues
        self.declarationIssues =
            builder.issues + archiveIdentity.declarationIssues(className: TypeName.short(modelType))
            + ArchiveFamily.declarationIssues(of: modelType, className: TypeName.short(modelType))
    }

    /// The spelling output writes for the last key of `steps`, the first steps of a property's
    /// path: that of the first written path through the same steps (keys compared as `String`s
    /// compare them), else the key as `steps` spell it.
    ///
    /// Keys in two Unicode spellings are one key, so a `.decodeOnly` property may read `"cafe\u{301}"`
    /// where another property reads and writes `"café"`: that key is written `"café"`, which is
    /// then the spelling read back as written (``MappingContext/recordRespelledKey(_:of:at:)``).
    func writtenSpelling(at steps: ArraySlice<JastorPath.Component>) -> String {
        Self.writtenSpelling(at: steps, in: properties, spellsSomeKeyTwoWays: spellsSomeKeyTwoWays)
    }

    /// ``writtenSpelling(at:)`` among `properties`.
    private static func writtenSpelling(
        at steps: ArraySlice<JastorPath.Component>, in properties: [PropertyPlan], spellsSomeKeyTwoWays: Bool
    ) -> String {
        guard let last = steps.last?.objectKey else { return "" }
        guard spellsSomeKeyTwoWays else { return last }
        for property in properties {
            guard let path = property.outputPath, path.count >= steps.count,
                path.prefix(steps.count).elementsEqual(steps)
            else { continue }
            return path[steps.count - 1].objectKey
        }
        return last
    }
}
