#!/usr/bin/env python3
"""Writes a `git fast-import` stream for one of the four history shapes of issue 13 (real app histories measured
there), each about 2,000 files:

  straight  3,100 commits on one line; a spec with anchors and two includes; 40 binary assets of 400 KiB, some
            replaced over time, so the packs hold tens of MB (also the repository of the one-commit `detect HEAD`)
  includes  2,300 commits, a white-label app: project.yml includes ~10 files (a glob over brands, nested includes)
  merges    10,000 commits, a messenger app: project.yml includes ~10 target files; feature branches of one to four
            commits merged back every few commits while main moves on
  twoapp    4,400 commits, two apps in one spec built from target templates and anchors; a branch merged every dozen
            commits

Usage: generate_history.py SHAPE [--seed N] | git fast-import --quiet
Everything derives from the seed: the same arguments give the same commit ids.
"""

import argparse
import random
import sys

SHAPES = {
    "straight": dict(commits=3100, merge_every=0, assets=40),
    "includes": dict(commits=2300, merge_every=0, assets=0),
    "merges": dict(commits=10000, merge_every=3, assets=0),
    "twoapp": dict(commits=4400, merge_every=12, assets=0),
}
FEATURES = ["Chat", "Inbox", "Calls", "Media", "Contacts", "Settings", "Profile", "Search", "Stickers", "Groups",
            "Stories", "Payments", "Sync", "Backup", "Widgets", "Share"]
AREAS = ["Views", "Models", "Services", "Support"]
WORDS = ["Message", "Thread", "Row", "Header", "Badge", "Avatar", "Picker", "Composer", "Bubble", "Banner", "Card",
         "List", "Detail", "Status", "Reaction", "Preview", "Attachment", "Toolbar", "Sheet", "Cell"]
SUFFIXES = ["View", "Model", "Store", "Service", "Controller", "Provider", "Formatter", "Cache", "Client", "State"]
TARGETS = ["App", "Widgets", "ShareExtension", "NotificationService", "Intents", "WatchApp", "WatchExtension",
           "MacApp", "Tests", "UITests"]
BRANDS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay"]
VERBS = ["Fix", "Add", "Update", "Refactor", "Improve", "Remove", "Tweak", "Polish", "Handle", "Support"]


class Generator:
    def __init__(self, shape, seed):
        self.shape = shape
        self.config = SHAPES[shape]
        self.random = random.Random("%s-%d" % (shape, seed))
        self.out = sys.stdout.buffer
        self.mark = 0
        self.count = 0
        self.time = 1_550_000_000
        self.files = {}  # path -> (version, mark)
        self.head = None

    def blob(self, data):
        self.mark += 1
        self.out.write(b"blob\nmark :%d\ndata %d\n%s\n" % (self.mark, len(data), data))
        return self.mark

    def commit(self, ref, message, operations, parent, merge=None):
        self.mark += 1
        self.count += 1
        self.time += self.random.randint(60, 9_000)
        author = "Dev %d <dev%d@example.com>" % ((self.count * 7) % 5, (self.count * 7) % 5)
        data = message.encode()
        self.out.write(b"commit %s\nmark :%d\nauthor %s %d +0000\ncommitter %s %d +0000\ndata %d\n%s\n" % (
            ref.encode(), self.mark, author.encode(), self.time, author.encode(), self.time, len(data), data))
        if parent is not None:
            self.out.write(b"from :%d\n" % parent)
        if merge is not None:
            self.out.write(b"merge :%d\n" % merge)
        for path, mark in operations:
            self.out.write(b"M 100644 :%d %s\n" % (mark, path.encode()) if mark else b"D %s\n" % path.encode())
        self.out.write(b"\n")
        return self.mark

    def put(self, files, path, version, operations):
        mark = self.blob(self.content(path, version))
        files[path] = (version, mark)
        operations.append((path, mark))

    def bump(self, files, path, operations):
        self.put(files, path, files[path][0] + 1, operations)

    # -- contents -----------------------------------------------------------------------------------------------

    def content(self, path, version):
        if path.endswith(".swift"):
            name = path.rsplit("/", 1)[-1][:-6]
            body = "".join("    func step%d(_ value: Int) -> Int { value * %d + %d }\n" % (i, i + 2, version * 3 + i)
                           for i in range(4 + len(path) % 9))
            return ("import Foundation\n\nstruct %s {\n%s}\n" % (name, body)).encode()
        if path.endswith(".bin"):
            return random.Random("%s@%d" % (path, version)).randbytes(400 * 1024)
        if path.endswith(".yml"):
            return spec_file(self.shape, path, version).encode()
        return ("# %s, revision %d\n" % (path, version)).encode()

    def initial_paths(self):
        paths = ["README.md", ".gitignore"] + spec_paths(self.shape)
        for feature in FEATURES:
            for area in AREAS:
                used = set()
                for _ in range(self.random.randint(22, 34)):
                    name = self.random.choice(WORDS) + self.random.choice(WORDS) + self.random.choice(SUFFIXES)
                    if name not in used:
                        used.add(name)
                        paths.append("Sources/%s/%s/%s.swift" % (feature, area, name))
        paths += ["Resources/Assets/asset%02d.bin" % index for index in range(self.config["assets"])]
        return paths

    # -- history ------------------------------------------------------------------------------------------------

    def run(self):
        operations = []
        for path in self.initial_paths():
            self.put(self.files, path, 0, operations)
        # No file is ever added or removed: the folders of Swift files are fixed.
        self.folders = {}
        for path in sorted(self.files):
            if path.endswith(".swift"):
                self.folders.setdefault(path.rsplit("/", 1)[0], []).append(path)
        self.folder_names = sorted(self.folders)
        self.head = self.commit("refs/heads/main", "Initial import\n", operations, None)
        every = self.config["merge_every"]
        while self.count < self.config["commits"]:
            if every and self.count % every == 0:
                self.feature_branch()
            else:
                self.head = self.commit("refs/heads/main", *self.change(self.files), self.head)
        self.out.write(b"reset refs/heads/main\nfrom :%d\n\ndone\n" % self.head)

    def change(self, files, avoid=()):
        """A commit touching one to four neighbouring files, now and then a spec file or an asset."""
        operations = []
        roll = self.random.random()
        specs = [path for path in spec_paths(self.shape) if path not in avoid]
        if roll < 0.06 and specs:
            self.bump(files, self.random.choice(specs), operations)
        elif roll < 0.07 and self.config["assets"]:
            self.bump(files, "Resources/Assets/asset%02d.bin" % self.random.randrange(self.config["assets"]),
                      operations)
        if roll >= 0.06:
            siblings = [path for path in self.folders[self.random.choice(self.folder_names)] if path not in avoid]
            for path in self.random.sample(siblings, min(len(siblings), self.random.randint(1, 4))):
                self.bump(files, path, operations)
        if not operations:
            self.bump(files, "README.md", operations)
        subject = "%s %s in %s" % (self.random.choice(VERBS), self.random.choice(WORDS).lower(),
                                   operations[0][0].rsplit("/", 2)[-2] if "/" in operations[0][0] else "project")
        if self.random.random() < 0.03:
            subject += " [deploy]"
        return subject + "\n", operations

    def feature_branch(self):
        """One to four commits on a branch, main moving on meanwhile by one or two, then a merge commit."""
        ref = "refs/heads/feature/%d" % self.count
        branch = dict(self.files)
        tip = self.head
        changed = {}
        for _ in range(self.random.randint(1, 4)):
            message, operations = self.change(branch)
            tip = self.commit(ref, message, operations, tip)
            changed.update((path, branch[path]) for path, _ in operations)
        for _ in range(self.random.randint(1, 2)):
            self.head = self.commit("refs/heads/main", *self.change(self.files, avoid=changed), self.head)
        operations = [(path, entry[1]) for path, entry in sorted(changed.items())]
        self.files.update(changed)
        message = "Merge branch 'feature/%d'\n" % self.count
        self.head = self.commit("refs/heads/main", message, operations, self.head, merge=tip)


def spec_paths(shape):
    if shape == "straight":
        return ["project.yml", "Specs/base.yml", "Specs/packages.yml"]
    if shape == "includes":
        return (["project.yml", "Specs/shared/settings.yml", "Specs/shared/schemes.yml", "Specs/shared/brand.yml"]
                + ["Specs/brands/%s.yml" % brand for brand in BRANDS])
    if shape == "merges":
        return ["project.yml", "Specs/settings.yml"] + ["Specs/targets/%s.yml" % target for target in TARGETS]
    return ["project.yml", "Specs/templates.yml", "Specs/apps/Alpha.yml", "Specs/apps/Beta.yml"]


def spec_file(shape, path, version):
    """Each spec file of a shape at a revision; every revision changes a setting, as a bump or an edit does."""
    revision = "  SLIPWAY_BENCH_REVISION: %d\n" % version
    if path == "project.yml":
        head = "name: Bench%s\noptions:\n  bundleIdPrefix: com.example\n" % shape.capitalize()
        version_settings = "settings:\n  base: &version\n    MARKETING_VERSION: 1.%d.0\n" \
                           "    CURRENT_PROJECT_VERSION: %d\n" % (version, version + 1)
        if shape == "straight":
            targets = "".join(
                "  %s:\n    type: application\n    platform: %s\n    sources: [Sources]\n"
                "    settings:\n      base:\n        <<: *version\n        PRODUCT_NAME: %s\n" % (name, platform, name)
                for name, platform in [("iOSApp", "iOS"), ("MacApp", "macOS"), ("WatchApp", "watchOS")])
            return (head + "include:\n  - Specs/base.yml\n  - path: Specs/packages.yml\n    relativePaths: false\n"
                    + version_settings + "targets:\n" + targets)
        if shape == "includes":
            return (head + "include:\n  - Specs/shared/settings.yml\n  - Specs/shared/schemes.yml\n"
                    "  - path: Specs/brands/*.yml\n" + version_settings)
        if shape == "merges":
            includes = "".join("  - Specs/targets/%s.yml\n" % target for target in TARGETS)
            return head + "include:\n  - Specs/settings.yml\n" + includes + version_settings
        return (head + "include:\n  - Specs/templates.yml\n  - Specs/apps/Alpha.yml\n  - Specs/apps/Beta.yml\n"
                + version_settings)
    name = path.rsplit("/", 1)[-1][:-4]
    if path.startswith("Specs/brands/"):
        return ("include:\n  - ../shared/brand.yml\ntargets:\n  %s:\n    type: application\n    platform: iOS\n"
                "    sources: [Sources]\n    settings:\n      base:\n        PRODUCT_NAME: %s\n%s"
                % (name, name, revision.replace("  ", "        ", 1)))
    if path.startswith("Specs/targets/"):
        return ("targets:\n  %s:\n    type: application\n    platform: iOS\n    sources: [Sources/%s]\n"
                "    settings:\n      base:\n        PRODUCT_NAME: %s\n%s"
                % (name, name, name, revision.replace("  ", "        ", 1)))
    if path == "Specs/templates.yml":
        return ("targetTemplates:\n  App: &app\n    type: application\n    platform: iOS\n    sources: [Sources]\n"
                "    settings:\n      base: &appSettings\n        SWIFT_VERSION: \"5.10\"\n%s"
                "  Extension:\n    <<: *app\n    type: app-extension\n" % revision.replace("  ", "        ", 1))
    if path.startswith("Specs/apps/"):
        return ("targets:\n  %s:\n    templates: [App]\n    settings:\n      base:\n        PRODUCT_NAME: %s\n"
                "  %sWidgets:\n    templates: [Extension]\n    sources: [Sources/Widgets]\n%s"
                % (name, name, name, revision.replace("  ", "    ", 1)))
    return "settings:\n  base:\n  " + revision


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shape", choices=sorted(SHAPES))
    parser.add_argument("--seed", type=int, default=13)
    arguments = parser.parse_args()
    Generator(arguments.shape, arguments.seed).run()
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    main()
