#!/usr/bin/env python3
"""Writes a `git fast-import` stream for a large, realistically shaped multi-platform app repository.

Usage: generate_repo.py [--seed N] [--commits N] | git fast-import --quiet

The history looks like a big XcodeGen app that has lived for years: a large first import, then thousands of small
commits that each touch a handful of neighbouring files (mostly Swift, some Info.plist, xcconfig and spec files),
files added, renamed (some with edits) and deleted, a few very large commits (a reformat, a package extraction, a
localisation drop, a legacy clean-up) and feature branches merged back with merge commits.

Everything is derived from the seed, so the same arguments give the same repository (the same commit ids).
"""

import argparse
import random
import sys

FEATURES = [
    "Notes", "Sync", "Settings", "Onboarding", "Search", "Sharing", "Widgets", "Accounts", "Billing", "Editor",
    "Attachments", "Reminders", "Calendar", "Tags", "Folders", "Export", "Import", "Backup", "Profile", "Feed",
    "Inbox", "Chat", "Media", "Camera", "Maps", "Health", "Workouts", "Timeline", "Insights", "Notifications",
    "Analytics", "Subscriptions", "Themes", "Accessibility", "Collaboration", "Comments", "Templates", "Drafts",
    "Archive", "Trash",
]
KITS = [
    "NotesKit", "SyncEngine", "Networking", "Persistence", "DesignSystem", "Analytics", "Auth", "Payments",
    "Localization", "ImageCache", "Logging", "FeatureFlags", "RichText", "Markdown", "Crypto", "TestSupport",
]
AREAS = ["Views", "ViewModels", "Models", "Services", "Components", "Coordinators", "Extensions", "Utilities"]
KIT_AREAS = ["Core", "Storage", "Client", "Models", "Internal", "Public", "Extensions", "Support"]
WORDS = [
    "Note", "List", "Row", "Detail", "Header", "Footer", "Badge", "Avatar", "Picker", "Editor", "Toolbar", "Banner",
    "Card", "Grid", "Section", "Summary", "Preview", "Thumbnail", "Search", "Filter", "Sort", "Sync", "Status",
    "Progress", "Empty", "Error", "Loading", "Share", "Menu", "Action", "Context", "Swipe", "Tab", "Sidebar",
    "Inspector", "Popover", "Sheet", "Alert", "Toast", "Chip", "Token", "Field", "Label", "Icon", "Image",
    "Attachment", "Link", "Mention", "Reaction", "Counter", "Timer", "Chart", "Graph", "Legend", "Cell",
]
SUFFIXES = [
    "View", "ViewModel", "Store", "Service", "Model", "Controller", "Coordinator", "Provider", "Formatter",
    "Cache", "Client", "Request", "Response", "State", "Action", "Reducer", "Style", "Modifier", "Builder",
]
LANGUAGES = ["en", "de", "fr", "es", "it", "ja", "ko", "zh-Hans", "zh-Hant", "pt-BR", "nl", "sv", "da", "fi",
             "nb", "pl", "ru", "tr", "ar", "he", "uk", "cs", "hu", "el", "th", "vi", "id", "ms", "ro", "sk"]
VERBS = ["Fix", "Add", "Update", "Refactor", "Improve", "Remove", "Rename", "Clean up", "Simplify", "Tweak",
         "Polish", "Handle", "Support", "Move", "Extract", "Speed up", "Document", "Test"]
CONVENTIONAL = ["feat", "fix", "refactor", "chore", "perf", "test", "docs", "style"]


class Files:
    """The current tree: path -> (seed, version, blob mark), with paths grouped by folder for local edits."""

    def __init__(self):
        self.entries = {}
        self.paths = []
        self.index = {}
        self.by_folder = {}

    def __contains__(self, path):
        return path in self.entries

    def __len__(self):
        return len(self.paths)

    def set(self, path, value):
        if path not in self.entries:
            self.index[path] = len(self.paths)
            self.paths.append(path)
            self.by_folder.setdefault(folder(path), []).append(path)
        self.entries[path] = value

    def remove(self, path):
        del self.entries[path]
        position = self.index.pop(path)
        last = self.paths.pop()
        if last != path:
            self.paths[position] = last
            self.index[last] = position
        siblings = self.by_folder[folder(path)]
        siblings.remove(path)
        if not siblings:
            del self.by_folder[folder(path)]

    def copy(self):
        other = Files()
        other.entries = dict(self.entries)
        other.paths = list(self.paths)
        other.index = dict(self.index)
        other.by_folder = {key: list(value) for key, value in self.by_folder.items()}
        return other


def folder(path):
    return path.rsplit("/", 1)[0] if "/" in path else ""


class Generator:
    def __init__(self, seed, commits, out):
        self.random = random.Random(seed)
        self.target_commits = commits
        self.out = out
        self.mark = 0
        self.commit_count = 0
        self.time = 1_500_000_000
        self.files = Files()
        self.head = None

    # -- stream output ------------------------------------------------------------------------------------------

    def write(self, text):
        self.out.write(text.encode("utf-8"))

    def blob(self, content):
        self.mark += 1
        data = content.encode("utf-8")
        self.out.write(b"blob\nmark :%d\ndata %d\n" % (self.mark, len(data)))
        self.out.write(data)
        self.out.write(b"\n")
        return self.mark

    def commit(self, ref, message, operations, parent, merge=None):
        """operations: ("M", path, mark) | ("D", path) | ("R", old, new)."""
        self.mark += 1
        self.commit_count += 1
        self.time += self.random.randint(60, 20_000)
        author = self.random.choice(AUTHORS)
        data = message.encode("utf-8")
        header = "commit %s\nmark :%d\nauthor %s %d +0000\ncommitter %s %d +0000\ndata %d\n" % (
            ref, self.mark, author, self.time, author, self.time, len(data))
        self.out.write(header.encode("utf-8"))
        self.out.write(data)
        self.out.write(b"\n")
        if parent is not None:
            self.write("from :%d\n" % parent)
        if merge is not None:
            self.write("merge :%d\n" % merge)
        for operation in operations:
            if operation[0] == "M":
                self.write("M 100644 :%d %s\n" % (operation[2], quote(operation[1])))
            elif operation[0] == "D":
                self.write("D %s\n" % quote(operation[1]))
            else:
                self.write("R %s %s\n" % (quote(operation[1]), quote(operation[2])))
        self.write("\n")
        return self.mark

    # -- file contents ------------------------------------------------------------------------------------------

    def content(self, path, seed, version):
        name = path.rsplit("/", 1)[-1]
        if name.endswith(".swift"):
            return swift_source(path, seed, version)
        if name == "Info.plist":
            return info_plist(seed, version)
        if name.endswith(".xcconfig"):
            return xcconfig(seed, version)
        if name.endswith(".strings"):
            return strings_file(seed, version)
        if name.endswith(".json"):
            return '{\n  "info" : { "author" : "xcode", "version" : 1 },\n  "seed" : %d,\n  "revision" : %d\n}\n' % (seed, version)
        if name.endswith(".yml"):
            return spec_fragment(path, seed, version)
        return "# %s\n\nRevision %d of %d.\n" % (name, version, seed)

    def put(self, path, version=0, seed=None, operations=None, files=None):
        files = files if files is not None else self.files
        if seed is None:
            seed = files.entries[path][0] if path in files else self.random.getrandbits(30)
        mark = self.blob(self.content(path, seed, version))
        files.set(path, (seed, version, mark))
        if operations is not None:
            operations.append(("M", path, mark))

    # -- the initial import -------------------------------------------------------------------------------------

    def unique_name(self, used, extension):
        while True:
            name = self.random.choice(WORDS) + self.random.choice(WORDS) + self.random.choice(SUFFIXES)
            if name not in used:
                used.add(name)
                return name + extension

    def swift_folder(self, base, count):
        used = set()
        return ["%s/%s" % (base, self.unique_name(used, ".swift")) for _ in range(count)]

    def initial_paths(self):
        paths = ["project.yml", ".gitignore", "README.md", "Configs/Base.xcconfig", "Configs/Debug.xcconfig",
                 "Configs/Release.xcconfig", "Configs/Signing.xcconfig"]
        for spec in ["targets/iOS.yml", "targets/watchOS.yml", "targets/macOS.yml", "schemes.yml", "packages.yml"]:
            paths.append("Specs/" + spec)
        for feature in FEATURES:
            for area in AREAS:
                paths += self.swift_folder("Shared/Features/%s/%s" % (feature, area), self.random.randint(6, 22))
            paths += self.swift_folder("Shared/Features/%s/Views/Components" % feature, self.random.randint(4, 12))
            for platform, share in [("iOS", 0.9), ("macOS", 0.6), ("watchOS", 0.35)]:
                if self.random.random() < share:
                    for area in ["Views", "Controllers", "Support"]:
                        paths += self.swift_folder("%s/Features/%s/%s" % (platform, feature, area), self.random.randint(3, 14))
            paths += self.swift_folder("Tests/SharedTests/%s" % feature, self.random.randint(5, 20))
        for platform in ["iOS", "macOS", "watchOS"]:
            paths += ["%s/Resources/Info.plist" % platform, "%s/%s.entitlements" % (platform, platform)]
            paths += self.swift_folder("%s/App" % platform, 12)
            for index in range(self.random.randint(30, 60)):
                paths.append("%s/Resources/Assets.xcassets/Image%03d.imageset/Contents.json" % (platform, index))
        paths += ["watchOS/Extension/Info.plist", "iOS/Widgets/Info.plist", "iOS/ShareExtension/Info.plist"]
        paths += self.swift_folder("watchOS/Extension/Complications", 25)
        paths += self.swift_folder("iOS/Widgets/Providers", 30)
        paths += self.swift_folder("iOS/ShareExtension", 15)
        for kit in KITS:
            paths.append("Packages/%s/Package.swift" % kit)
            for area in KIT_AREAS:
                for sub in ["", "/Internal", "/Helpers"]:
                    paths += self.swift_folder("Packages/%s/Sources/%s/%s%s" % (kit, kit, area, sub), self.random.randint(5, 18))
            paths += self.swift_folder("Packages/%s/Tests/%sTests" % (kit, kit), self.random.randint(10, 40))
        for language in LANGUAGES[:8]:
            paths.append("Shared/Resources/%s.lproj/Localizable.strings" % language)
            paths.append("Shared/Resources/%s.lproj/InfoPlist.strings" % language)
        return paths

    # -- history ------------------------------------------------------------------------------------------------

    def run(self):
        operations = []
        for path in self.initial_paths():
            self.put(path, operations=operations)
        self.head = self.commit("refs/heads/main", "Initial import of the app\n", operations, None)
        large_at = {int(self.target_commits * f): kind for f, kind in
                    [(0.15, "localise"), (0.3, "extract"), (0.5, "reformat"), (0.7, "legacy"), (0.85, "grow")]}
        merges_every = max(self.target_commits // 25, 20)
        while self.commit_count < self.target_commits:
            kind = large_at.pop(self.commit_count, None)
            if kind:
                self.large_commit(kind)
            elif self.commit_count % merges_every == merges_every - 1 and self.commit_count + 16 < self.target_commits:
                self.feature_branch()
            else:
                operations, message = self.small_change(self.files)
                self.head = self.commit("refs/heads/main", message, operations, self.head)
        # Grow to the size of a big app with the last few hundred commits if the history did not get there.
        self.write("reset refs/heads/main\nfrom :%d\n\n" % self.head)
        self.write("done\n")

    def small_change(self, files):
        """A commit touching a handful of neighbouring files; returns (operations, message)."""
        operations = []
        anchor = self.random.choice(files.paths)
        siblings = files.by_folder[folder(anchor)]
        roll = self.random.random()
        count = min(len(siblings), self.random.choice([1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 9]))
        touched = self.random.sample(siblings, count)
        area = folder(anchor)
        if roll < 0.66:
            for path in touched:
                self.bump(path, operations, files)
            if self.random.random() < 0.1:
                self.bump(self.random.choice(["project.yml", "Configs/Base.xcconfig", "iOS/Resources/Info.plist",
                                              "Specs/targets/iOS.yml"]), operations, files)
        elif roll < 0.86:
            used = set(p.rsplit("/", 1)[-1][:-6] for p in siblings)
            for _ in range(self.random.randint(1, 4)):
                self.put("%s/%s" % (area, self.unique_name(used, ".swift")), operations=operations, files=files)
            self.bump(touched[0], operations, files)
        elif roll < 0.94:
            path = touched[0]
            target_folder = self.random.choice(list(files.by_folder)) if self.random.random() < 0.5 else area
            new_path = "%s/%s" % (target_folder, self.unique_name(set(), path[path.rfind("."):]))
            if new_path not in files:
                seed, version, mark = files.entries[path]
                files.remove(path)
                files.set(new_path, (seed, version, mark))
                operations.append(("R", path, new_path))
                if self.random.random() < 0.4:
                    self.bump(new_path, operations, files)
        else:
            for path in touched[:max(1, count // 2)]:
                if len(files.by_folder[folder(path)]) > 1:
                    files.remove(path)
                    operations.append(("D", path))
            if not operations:
                self.bump(touched[0], operations, files)
        return operations, self.message(area, operations)

    def bump(self, path, operations, files):
        seed, version, _ = files.entries[path]
        self.put(path, version + 1, seed, operations, files)

    def large_commit(self, kind):
        operations = []
        if kind == "localise":
            for language in LANGUAGES:
                for feature in FEATURES:
                    self.put("Shared/Resources/%s.lproj/%s.strings" % (language, feature), operations=operations)
            message = "Add localisations for %d languages\n" % len(LANGUAGES)
        elif kind == "extract":
            moved = [p for p in self.files.paths if p.startswith("Shared/Features/Sync/") or p.startswith("Shared/Features/Backup/")]
            for path in moved:
                new_path = "Packages/SyncEngine/Sources/SyncEngine/Features/" + path[len("Shared/Features/"):]
                entry = self.files.entries[path]
                self.files.remove(path)
                self.files.set(new_path, entry)
                operations.append(("R", path, new_path))
            message = "Extract Sync and Backup into the SyncEngine package\n\nMoves %d files; no behaviour change.\n" % len(moved)
        elif kind == "reformat":
            chosen = [p for p in self.files.paths if p.endswith(".swift")]
            self.random.shuffle(chosen)
            for path in sorted(chosen[:2500]):
                self.bump(path, operations, self.files)
            message = "style: run swift-format over the code base [skip deploy]\n"
        elif kind == "legacy":
            doomed = [p for p in self.files.paths if p.startswith("macOS/Features/") and "/Controllers/" in p]
            for path in doomed:
                self.files.remove(path)
                operations.append(("D", path))
            message = "Remove the AppKit controllers replaced by SwiftUI\n"
        else:
            for feature in ["Spaces", "Automation", "Shortcuts", "Journal", "Whiteboard", "Voice", "Scanner",
                            "Translation", "Focus", "Family", "Sleep", "Nutrition", "Mindfulness", "Budget",
                            "Travel", "Garden", "Music", "Podcasts", "Books", "Recipes"]:
                for area in AREAS:
                    for path in self.swift_folder("Shared/Features/%s/%s" % (feature, area), self.random.randint(20, 45)):
                        self.put(path, operations=operations)
                for platform in ["iOS", "macOS", "watchOS"]:
                    for path in self.swift_folder("%s/Features/%s/Views" % (platform, feature), self.random.randint(15, 40)):
                        self.put(path, operations=operations)
            message = "feat: merge the 2.0 feature set from the monorepo\n\n[release]\n"
        self.head = self.commit("refs/heads/main", message, operations, self.head)

    def feature_branch(self):
        """A branch of a few commits in one feature folder, merged back after main moved on elsewhere."""
        feature = self.random.choice(FEATURES)
        ref = "refs/heads/feature/%s-%d" % (feature.lower(), self.commit_count)
        prefix = "Shared/Features/%s/" % feature
        branch_files = self.files.copy()
        fork = self.head
        tip = fork
        changed = {}
        for _ in range(self.random.randint(3, 12)):
            candidates = [p for p in branch_files.paths if p.startswith(prefix)] or branch_files.paths
            anchor = self.random.choice(candidates)
            operations = []
            for path in self.random.sample(branch_files.by_folder[folder(anchor)], min(3, len(branch_files.by_folder[folder(anchor)]))):
                self.bump(path, operations, branch_files)
                changed[path] = branch_files.entries[path]
            tip = self.commit(ref, self.message(folder(anchor), operations), operations, tip)
        # main moves on meanwhile, outside the feature.
        for _ in range(self.random.randint(1, 4)):
            operations = []
            anchor = self.random.choice(self.files.paths)
            if anchor.startswith(prefix) or anchor in changed:
                continue
            self.bump(anchor, operations, self.files)
            self.head = self.commit("refs/heads/main", self.message(folder(anchor), operations), operations, self.head)
        operations = []
        for path, entry in sorted(changed.items()):
            if path in self.files:
                self.files.set(path, entry)
                operations.append(("M", path, entry[2]))
        message = "Merge branch '%s'\n\n%s work: %d files.\n" % (ref[len("refs/heads/"):], feature, len(changed))
        self.head = self.commit("refs/heads/main", message, operations, self.head, merge=tip)

    def message(self, area, operations):
        subject_area = area.split("/")[-1] if area else "project"
        verb = self.random.choice(VERBS)
        noun = self.random.choice(WORDS).lower()
        roll = self.random.random()
        if roll < 0.35:
            kind = self.random.choice(CONVENTIONAL)
            bang = "!" if self.random.random() < 0.01 else ""
            subject = "%s(%s)%s: %s %s handling" % (kind, subject_area.lower(), bang, verb.lower(), noun)
        else:
            subject = "%s %s %s in %s" % (verb, noun, self.random.choice(["state", "layout", "caching", "edge case", "crash", "animation"]), subject_area)
        if self.random.random() < 0.03:
            subject += " [deploy]"
        body = ""
        if self.random.random() < 0.45:
            body = "\n" + "\n".join(
                "%s the %s %s so that %s %s." % (self.random.choice(VERBS), noun, self.random.choice(SUFFIXES).lower(),
                                                 self.random.choice(WORDS).lower(), self.random.choice(["updates", "loads", "syncs", "renders"]))
                for _ in range(self.random.randint(1, 4))) + "\n"
        if self.random.random() < 0.01:
            body += "\nBREAKING CHANGE: the %s format changed.\n" % noun
        return subject + "\n" + body


def quote(path):
    if any(c in path for c in ' "\n\\'):
        return '"%s"' % path.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return path


def swift_source(path, seed, version):
    rng = random.Random(seed)
    name = path.rsplit("/", 1)[-1][:-6]
    lines = ["//", "//  %s.swift" % name, "//", "", "import Foundation", "import SwiftUI", ""]
    kind = "struct" if name.endswith(("View", "Model", "State", "Style", "Request", "Response")) else "final class"
    lines.append("%s %s {" % (kind, name))
    for index in range(rng.randint(3, 8)):
        lines.append("    var %s%d: %s = %s" % (rng.choice(WORDS).lower(), index, rng.choice(["Int", "String", "Bool", "Double"]),
                                                  rng.choice(["0", '""', "false", "1.0"])))
    lines.append("")
    functions = rng.randint(3, 14)
    for index in range(functions):
        # Each edit rewrites one function, so versions differ by a few lines as real edits do.
        revision = (version + functions - 1 - index) // functions
        lines.append("    func %s%s%d(_ value: Int) -> Int {" % (rng.choice(VERBS).split()[0].lower(), rng.choice(WORDS), index))
        for step in range(rng.randint(2, 9)):
            lines.append("        let step%d = value * %d + %d" % (step, rng.randint(2, 99), revision * 7 + step))
        lines.append("        return step0")
        lines.append("    }")
        lines.append("")
    lines.append("}")
    return "\n".join(lines) + "\n"


def info_plist(seed, version):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
            '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n'
            '\t<key>CFBundleShortVersionString</key>\n\t<string>$(MARKETING_VERSION)</string>\n'
            '\t<key>CFBundleVersion</key>\n\t<string>$(CURRENT_PROJECT_VERSION)</string>\n'
            '\t<key>SlipwayBenchRevision</key>\n\t<integer>%d</integer>\n\t<key>Seed</key>\n\t<integer>%d</integer>\n'
            '</dict>\n</plist>\n' % (version, seed))


def xcconfig(seed, version):
    return ("SWIFT_VERSION = 5.9\nIPHONEOS_DEPLOYMENT_TARGET = 16.0\nWATCHOS_DEPLOYMENT_TARGET = 9.0\n"
            "MARKETING_VERSION = 1.%d.0\nCURRENT_PROJECT_VERSION = %d\n// seed %d\n" % (version, version + 1, seed))


def strings_file(seed, version):
    rng = random.Random(seed)
    return "".join('"%s.%d" = "%s %d";\n' % (rng.choice(WORDS), index, rng.choice(WORDS), version)
                   for index in range(rng.randint(20, 80)))


def spec_fragment(path, seed, version):
    if path == "project.yml":
        return ("name: BenchApp\ninclude:\n  - Specs/targets/iOS.yml\n  - Specs/targets/watchOS.yml\n"
                "  - Specs/targets/macOS.yml\n  - path: Specs/schemes.yml\n  - Specs/packages.yml\n"
                "options:\n  bundleIdPrefix: com.example\nsettings:\n  MARKETING_VERSION: 1.%d.0\n"
                "  CURRENT_PROJECT_VERSION: %d\n" % (version, version + 1))
    return "# %s\nsettings:\n  SEED: %d\n  REVISION: %d\n" % (path, seed, version)


AUTHORS = ["Ada Lovelace <ada@example.com>", "Grace Hopper <grace@example.com>", "Linus Example <linus@example.com>",
           "Jörg Müller <joerg@example.com>", "Mei Chen <mei@example.com>", "Sam Taylor <sam@example.com>"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--commits", type=int, default=5200)
    arguments = parser.parse_args()
    out = sys.stdout.buffer
    Generator(arguments.seed, arguments.commits, out).run()
    out.flush()


if __name__ == "__main__":
    main()
