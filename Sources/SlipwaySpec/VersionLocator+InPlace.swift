import SlipwayYAML

/// The walk of a file without anchors or merge keys (no `&`, no `<<` anywhere in it, as most specs are): every node
/// is reached once, where it is written, no alias or merge key is followed and nothing is charged, so the walk reads
/// the tree by index (`YAMLTreeView`) and the keys from the file's bytes, and makes a `YAMLNode` only for what it
/// finds. It visits the keys `walkRoot` visits through `YAMLExpansion`, in the same order, and finds the same hits.
extension VersionLocator {
    /// A key as the walk reads it: its index, and its ASCII text's range of the file's bytes when it has one.
    struct InPlaceKey {
        let index: Int
        let ascii: Range<Int>?
    }

    mutating func walkInPlace(_ view: YAMLTreeView, root: Int) {
        let file = document.file.bytes
        file.withUnsafeBufferPointer { bytes in walkInPlace(view, root: root, bytes: bytes) }
    }

    private mutating func walkInPlace(_ view: YAMLTreeView, root: Int, bytes: UnsafeBufferPointer<UInt8>) {
        view.forEachScalarKey(of: root, in: bytes) { key, ascii, value in
            let key = InPlaceKey(index: key, ascii: ascii)
            let specKey = Self.specKey(view, key, bytes)
            switch specKey {
            case .settings:
                enter(view, key, bytes)
                walkSettingsInPlace(view, value, depth: 0, bytes: bytes)
                leave()
            case .settingGroups, .settingPresets, .targets, .targetTemplates, .aggregateTargets:
                enter(view, key, bytes)
                view.forEachScalarKey(of: value, in: bytes) { name, ascii, entry in
                    enter(view, InPlaceKey(index: name, ascii: ascii), bytes)
                    if specKey == .settingGroups || specKey == .settingPresets {
                        walkSettingsInPlace(view, entry, depth: 0, bytes: bytes)
                    } else {
                        walkTargetInPlace(view, entry, bytes: bytes)
                    }
                    leave()
                }
                leave()
            default:
                break
            }
        }
    }

    private mutating func walkTargetInPlace(_ view: YAMLTreeView, _ target: Int, bytes: UnsafeBufferPointer<UInt8>) {
        view.forEachScalarKey(of: target, in: bytes) { key, ascii, value in
            let key = InPlaceKey(index: key, ascii: ascii)
            switch Self.specKey(view, key, bytes) {
            case .settings:
                enter(view, key, bytes)
                walkSettingsInPlace(view, value, depth: 0, bytes: bytes)
                leave()
            case .info:
                enter(view, key, bytes)
                view.forEachScalarKey(of: value, in: bytes) { infoKey, ascii, properties in
                    let infoKey = InPlaceKey(index: infoKey, ascii: ascii)
                    guard Self.specKey(view, infoKey, bytes) == .properties else { return }
                    enter(view, infoKey, bytes)
                    view.forEachScalarKey(of: properties, in: bytes) { property, ascii, setting in
                        hitIfVersion(view, InPlaceKey(index: property, ascii: ascii), setting, settings: false, bytes)
                    }
                    leave()
                }
                leave()
            default:
                break
            }
        }
    }

    /// `walkSettings`: structured when `base`, `configs`, `groups` or `presets` is present, else plain.
    private mutating func walkSettingsInPlace(
        _ view: YAMLTreeView, _ settings: Int, depth: Int, bytes: UnsafeBufferPointer<UInt8>
    ) {
        var structured = false
        view.forEachScalarKey(of: settings, in: bytes) { key, ascii, _ in
            switch Self.specKey(view, InPlaceKey(index: key, ascii: ascii), bytes) {
            case .base, .configs, .groups, .presets: structured = true
            default: break
            }
        }
        guard structured, depth < 32 else {
            view.forEachScalarKey(of: settings, in: bytes) { key, ascii, value in
                hitIfVersion(view, InPlaceKey(index: key, ascii: ascii), value, settings: true, bytes)
            }
            return
        }
        view.forEachScalarKey(of: settings, in: bytes) { key, ascii, value in
            let key = InPlaceKey(index: key, ascii: ascii)
            switch Self.specKey(view, key, bytes) {
            case .base:
                enter(view, key, bytes)
                view.forEachScalarKey(of: value, in: bytes) { setting, ascii, definition in
                    hitIfVersion(view, InPlaceKey(index: setting, ascii: ascii), definition, settings: true, bytes)
                }
                leave()
            case .configs:
                enter(view, key, bytes)
                view.forEachScalarKey(of: value, in: bytes) { config, ascii, configSettings in
                    enter(view, InPlaceKey(index: config, ascii: ascii), bytes)
                    walkSettingsInPlace(view, configSettings, depth: depth + 1, bytes: bytes)
                    leave()
                }
                leave()
            default:
                break
            }
        }
    }

    private static func specKey(_ view: YAMLTreeView, _ key: InPlaceKey, _ bytes: UnsafeBufferPointer<UInt8>) -> SpecKey
    {
        guard let ascii = key.ascii else { return SpecKey(view, key.index) }
        return SpecKey(ascii: UnsafeBufferPointer(rebasing: bytes[ascii]))
    }

    /// `enter(_:_:)`, the key's bytes read from the file's when it is ASCII text.
    private mutating func enter(_ view: YAMLTreeView, _ key: InPlaceKey, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard let ascii = key.ascii else { return enter(view, key.index) }
        lengths.append(path.count)
        if !path.isEmpty { path.append(UInt8(ascii: ".")) }
        path.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[ascii]))
    }

    private mutating func hitIfVersion(
        _ view: YAMLTreeView, _ key: InPlaceKey, _ value: Int, settings: Bool, _ bytes: UnsafeBufferPointer<UInt8>
    ) {
        let found =
            key.ascii.map { ascii in
                Self.named(UnsafeBufferPointer(rebasing: bytes[ascii]), settings: settings).map {
                    Self.versionSettings[$0]
                }
            } ?? Self.lookUp(view, key.index, settings: settings)
        guard let (setting, kind) = found else { return }
        enter(view, key, bytes)
        let keyPath = String(decoding: path, as: UTF8.self)
        leave()
        hits.append(Hit(node: view.node(value), setting: setting, kind: kind, path: keyPath))
    }
}
