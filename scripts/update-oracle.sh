#!/bin/bash
# The XcodeGen oracle: what real XcodeGen makes of every spec the tests read, committed so that tests compare
# Slipway's project model with it without XcodeGen installed (`make test` never runs this script).
#
# For each spec it writes a folder `<spec>.oracle/` beside the spec (for Examples/MyApp/project.yml, which is outside
# Tests/Fixtures, the folder is Tests/Fixtures/Oracle/Examples/MyApp/project.yml.oracle/):
#   parsed.json          `xcodegen dump --type parsed-json`, keys sorted, two-space indent;
#   schemes/*.xcscheme   the shared schemes `xcodegen generate` writes, verbatim (none when it writes none);
#   error.txt            XcodeGen's message when it refuses the spec (then there are no schemes);
#   run.txt              how XcodeGen ran: project root, environment, placeholders made, commands not run, outcome.
# and Tests/Fixtures/Oracle/index.txt: the XcodeGen version, then one line per spec with its outcome.
#
# The specs: every .yml/.yaml/.json inside a repository folder of Tests/Fixtures/Corpus (the files the corpus tests
# read as specs), the specs each Tests/Fixtures/RealApps/<repository>/ci-facts.json lists, Tests/Fixtures/Projects/
# */project.yml and */*/project.yml, and Examples/MyApp/project.yml.
#
# How XcodeGen runs:
# - in a scratch copy of the spec's repository folder, never in place: `generate` writes Info.plist and entitlements
#   files beside the sources;
# - with an empty environment apart from USER=oracle, HOME (a scratch folder), PATH=/usr/bin:/bin and the variables
#   the spec's settings name: XcodeGen expands `${VAR}` from its whole environment, so the caller's would leak in.
#   Settings (environment, project root, project folder) come from `specs` in the app's ci-facts.json, or from
#   Tests/Fixtures/Oracle/settings.json for the other trees; each is only what the spec's repository documents;
# - the fixtures hold specs, not sources: when validation names a path the spec needs that is not there (a source, a
#   config file, a test plan, a local package, a file group, a build script), an empty placeholder (folder or file)
#   is made at that path in the scratch copy and generation runs again; run.txt lists each placeholder. Any other
#   validation error is the outcome (error.txt);
# - `options.preGenCommand` and `postGenCommand` are not run (a wrapper spec beside the spec includes it and sets
#   both to ""): they would run the repository's own scripts, which are not here. run.txt names them.
#
# Stripped from the outputs because they vary by machine: the scratch folder's absolute path (paths are written
# relative to this repository's root), terminal colours, and the rendering of a file-read NSError (macOS adds the
# file's absolute path and a pointer; it is reduced to its POSIX error, the form Linux prints). The user name never
# reaches XcodeGen (USER=oracle). Outputs are the same on a second run (--check verifies it).
#
# usage: scripts/update-oracle.sh [--check]
#   XCODEGEN=/path/to/xcodegen   the XcodeGen to run (default: xcodegen on PATH; on a Mac `brew install xcodegen`)
#   --check                      regenerate into a temporary folder and fail on any difference from the committed
#                                outputs (the XcodeGen version may differ if the outputs do not)
set -eu
cd "$(dirname "$0")/.."

check=0
case "${1:-}" in
    --check) check=1 ;;
    "") ;;
    *)
        echo "usage: scripts/update-oracle.sh [--check]" >&2
        exit 2
        ;;
esac

xcodegen=${XCODEGEN:-$(command -v xcodegen || true)}
if [ -z "$xcodegen" ] || [ ! -x "$xcodegen" ]; then
    echo "update-oracle: no xcodegen found: install it (brew install xcodegen) or set XCODEGEN=/path/to/xcodegen" >&2
    exit 2
fi
xcodegen=$(cd "$(dirname "$xcodegen")" && pwd -P)/$(basename "$xcodegen")
if ! command -v python3 >/dev/null 2>&1; then
    echo "update-oracle: python3 is needed (to sort JSON keys and read ci-facts.json)" >&2
    exit 2
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/slipway-oracle.XXXXXX")
scratch=$(cd "$scratch" && pwd -P)
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM
out=$scratch/out
mkdir -p "$out" "$scratch/home"

helper=$scratch/oracle.py
cat >"$helper" <<'PYTHON'
"""The parts of update-oracle.sh that read or write JSON, parse XcodeGen's messages, or make placeholders."""
import json
import os
import re
import sys

FOLDER_SUFFIXES = {
    "app", "appex", "bundle", "docc", "framework", "icon", "lproj", "playground", "scnassets", "xcassets",
    "xcdatamodel", "xcdatamodeld", "xcframework", "xcstickers",
}


def specs(facts):
    """The specs a ci-facts.json lists, one per line."""
    with open(facts, encoding="utf-8") as handle:
        for entry in json.load(handle)["specs"]:
            print(entry["spec"])


def settings(spec, facts, table):
    """key=value lines for `spec` (relative to the repository root): root, directory, then env=NAME=value."""
    found = None
    if facts:
        with open(facts, encoding="utf-8") as handle:
            folder = os.path.dirname(facts)
            for entry in json.load(handle)["specs"]:
                if os.path.join(folder, entry["spec"]) == spec:
                    found = entry
    else:
        with open(table, encoding="utf-8") as handle:
            found = json.load(handle).get(spec)
    found = found or {}
    print("root=%s" % (found.get("projectRoot") or ""))
    print("directory=%s" % (found.get("projectDirectory") or ""))
    for name, value in sorted((found.get("environment") or {}).items()):
        print("env=%s=%s" % (name, value))


def normalize_json(source, target, strip):
    with open(source, encoding="utf-8") as handle:
        text = handle.read().replace(strip, "")
    value = json.loads(text)
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def commands(parsed):
    """The pre/postGenCommand the parsed spec sets, one `not run: name: command` per line."""
    with open(parsed, encoding="utf-8") as handle:
        options = json.load(handle).get("options") or {}
    for name in ("preGenCommand", "postGenCommand"):
        if options.get(name) is not None:
            print("not run: %s: %s" % (name, options[name]))


def normalize_message(source, target, scratch, strip):
    with open(source, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    lines = []
    for line in text.splitlines():
        if "Error Domain=" in line:
            posix = re.search(r'Error Domain=NSPOSIXErrorDomain Code=\d+ "[^"]*"', line)
            start = line.index("Error Domain=")
            if posix:
                line = line[:start] + posix.group(0)
            else:
                line = re.sub(r" UserInfo=\{.*$", "", line)
        lines.append(line.replace(strip, "").replace(scratch, "<scratch>").rstrip())
    with open(target, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines).strip("\n") + "\n")


def placeholders(message, parsed, base, work):
    """Makes an empty folder or file for each path XcodeGen's validation says is missing, inside `work`; prints
    `placeholder: <path relative to work> (folder|file)` for each one made."""
    with open(message, encoding="utf-8", errors="replace") as handle:
        text = re.sub(r"\x1b\[[0-9;]*m", "", handle.read())
    packages = {}
    try:
        with open(parsed, encoding="utf-8") as handle:
            packages = json.load(handle).get("packages") or {}
    except (OSError, ValueError):
        pass
    wanted = []
    for line in text.splitlines():
        match = re.search(r'has a missing source directory "(.*)"$', line)
        if match:
            wanted.append((match.group(1), None))
            continue
        match = re.search(r'has invalid config file path "(.*)" for config ".*"$', line)
        if match:
            wanted.append((match.group(1), "file"))
            continue
        match = re.search(r'path that doesn\'t exist "(.*)"$', line)
        if match and "Project reference" not in line:
            wanted.append((match.group(1), "file"))
            continue
        match = re.search(r'Invalid config file "(.*)" for config ".*"$', line)
        if match:
            wanted.append((os.path.join(base, match.group(1)), "file"))
            continue
        match = re.search(r'Invalid file group "(.*)"$', line)
        if match:
            wanted.append((os.path.join(base, match.group(1)), None))
            continue
        match = re.search(r'Test plan path "(.*)" doesn\'t exist$', line)
        if match:
            wanted.append((os.path.join(base, match.group(1)), "file"))
            continue
        match = re.search(r'Invalid local package "(.*)"$', line)
        if match and isinstance(packages.get(match.group(1)), dict) and packages[match.group(1)].get("path"):
            wanted.append((os.path.join(base, packages[match.group(1)]["path"]), "folder"))
    inside = os.path.realpath(work) + os.sep
    # XcodeGen lists some errors in dictionary order, which changes from run to run.
    for path, kind in sorted(set(wanted), key=lambda item: (item[0], item[1] or "")):
        path = os.path.normpath(path)
        if not os.path.realpath(path).startswith(inside) or os.path.lexists(path):
            continue
        if kind is None:
            suffix = os.path.splitext(path)[1][1:].lower()
            kind = "folder" if suffix == "" or suffix in FOLDER_SUFFIXES else "file"
        if kind == "folder":
            os.makedirs(path)
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            open(path, "w", encoding="utf-8").close()
        print("placeholder: %s (%s)" % (os.path.relpath(path, work), kind))


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    {
        "specs": specs, "settings": settings, "normalize-json": normalize_json, "commands": commands,
        "normalize-message": normalize_message, "placeholders": placeholders,
    }[command](*arguments)
PYTHON

# xcodegen with nothing from the caller's environment; extra NAME=value arguments come first.
run_xcodegen() {
    env -i USER=oracle HOME="$scratch/home" PATH=/usr/bin:/bin "$@"
}

version=$(run_xcodegen "$xcodegen" --version | sed -n 's/^Version: //p')
echo "update-oracle: XcodeGen $version ($xcodegen)"

# Each spec with its repository folder (the folder copied to the scratch area), one `spec<TAB>folder` per line.
list_specs() {
    for folder in Tests/Fixtures/Corpus/*/; do
        folder=${folder%/}
        [ "$folder" = Tests/Fixtures/Corpus/LICENSES ] && continue
        find "$folder" -type d -name '*.oracle' -prune -o -type f \
            \( -iname '*.yml' -o -iname '*.yaml' -o -iname '*.json' \) -print | LC_ALL=C sort |
            while IFS= read -r spec; do printf '%s\t%s\n' "$spec" "$folder"; done
    done
    for facts in Tests/Fixtures/RealApps/*/ci-facts.json; do
        folder=${facts%/ci-facts.json}
        python3 "$helper" specs "$facts" | while IFS= read -r spec; do printf '%s\t%s\n' "$folder/$spec" "$folder"; done
    done
    for spec in Tests/Fixtures/Projects/*/project.yml Tests/Fixtures/Projects/*/*/project.yml; do
        case $spec in Tests/Fixtures/Projects/corpus/*) continue ;; esac
        folder=${spec#Tests/Fixtures/Projects/}
        printf '%s\t%s\n' "$spec" "Tests/Fixtures/Projects/${folder%%/*}"
    done
    printf '%s\t%s\n' Examples/MyApp/project.yml Examples/MyApp
}

# oracle <spec> <repository folder>: writes the spec's oracle folder under $out and its line of the index.
oracle() {
    spec=$1
    folder=$2
    case $spec in
        Tests/Fixtures/*) target=$out/$spec.oracle ;;
        *) target=$out/Tests/Fixtures/Oracle/$spec.oracle ;;
    esac
    mkdir -p "$target"
    facts=""
    case $folder in Tests/Fixtures/RealApps/*) facts=$folder/ci-facts.json ;; esac

    work=$scratch/src/$folder
    rm -rf "$scratch/src"
    mkdir -p "$(dirname "$work")"
    cp -R "$folder" "$work"
    find "$work" -depth -type d -name '*.oracle' -exec rm -rf {} +
    inner=${spec#"$folder"/}

    root=""
    directory=""
    set --
    settings=$(python3 "$helper" settings "$spec" "$facts" Tests/Fixtures/Oracle/settings.json)
    while IFS= read -r line; do
        case $line in
            root=*) root=${line#root=} ;;
            directory=*) directory=${line#directory=} ;;
            env=*) set -- "$@" "${line#env=}" ;;
        esac
    done <<EOF
$settings
EOF
    # `dump` takes the project root; `generate` also the project folder.
    roots=()
    [ -n "$root" ] && roots=(--project-root "$work/$root")
    where=(${roots[@]+"${roots[@]}"})
    [ -n "$directory" ] && where+=(--project "$work/$directory")
    base=$work/${root:-$(dirname "$inner")}

    {
        echo "spec: $inner"
        echo "project root: ${root:-$(dirname "$inner")}"
        [ -n "$directory" ] && echo "project folder: $directory"
        if [ $# -eq 0 ]; then echo "environment: none"; fi
        for pair in "$@"; do echo "environment: $pair"; done
    } >"$target/run.txt"

    outcome=""
    if ! run_xcodegen "$@" "$xcodegen" dump --type parsed-json --spec "$work/$inner" ${roots[@]+"${roots[@]}"} \
        >"$scratch/dump.json" 2>"$scratch/dump.err"; then
        python3 "$helper" normalize-message "$scratch/dump.err" "$target/error.txt" "$scratch" "$scratch/src/"
        outcome="refused (dump)"
    else
        python3 "$helper" normalize-json "$scratch/dump.json" "$target/parsed.json" "$scratch/src/"
        generate=$work/$inner
        skipped=$(python3 "$helper" commands "$scratch/dump.json")
        if [ -n "$skipped" ]; then
            generate=$(dirname "$work/$inner")/.oracle-generate.yml
            printf 'include:\n  - "%s"\noptions:\n  preGenCommand: ""\n  postGenCommand: ""\n' \
                "$(basename "$inner")" >"$generate"
            echo "$skipped" >>"$target/run.txt"
        fi
        round=0
        while :; do
            round=$((round + 1))
            if run_xcodegen "$@" "$xcodegen" generate --spec "$generate" ${where[@]+"${where[@]}"} \
                >"$scratch/generate.out" 2>"$scratch/generate.err"; then
                break
            fi
            made=$(python3 "$helper" placeholders "$scratch/generate.err" "$scratch/dump.json" "$base" "$work")
            if [ -z "$made" ] || [ "$round" -ge 10 ]; then
                python3 "$helper" normalize-message "$scratch/generate.err" "$target/error.txt" "$scratch" \
                    "$scratch/src/"
                outcome="refused (generate)"
                break
            fi
            echo "$made" >>"$target/run.txt"
        done
        if [ -z "$outcome" ]; then
            projects=$work/${directory:-$(dirname "$inner")}
            count=0
            for scheme in "$projects"/*.xcodeproj/xcshareddata/xcschemes/*.xcscheme; do
                [ -f "$scheme" ] || continue
                mkdir -p "$target/schemes"
                cp "$scheme" "$target/schemes/"
                count=$((count + 1))
            done
            outcome="generated; shared schemes: $count"
        fi
    fi
    echo "outcome: $outcome" >>"$target/run.txt"
    printf '%s\t%s\n' "$spec" "$outcome" >>"$out/Tests/Fixtures/Oracle/index.txt"
}

mkdir -p "$out/Tests/Fixtures/Oracle"
{
    echo "# XcodeGen $version over every spec the tests read (scripts/update-oracle.sh); one line per spec:"
    echo "# <spec><TAB><outcome>; its outputs are in <spec>.oracle/ (Examples/… under Tests/Fixtures/Oracle/)."
} >"$out/Tests/Fixtures/Oracle/index.txt"
specs=$(list_specs)
while IFS="$(printf '\t')" read -r spec folder; do
    oracle "$spec" "$folder"
done <<EOF
$specs
EOF
total=$(grep -vc '^#' "$out/Tests/Fixtures/Oracle/index.txt")
refused=$(grep -c 'refused' "$out/Tests/Fixtures/Oracle/index.txt" || true)
echo "update-oracle: $total specs, $refused refused by XcodeGen"

# The committed outputs: every *.oracle folder under Tests/Fixtures, and the index.
committed() {
    find Tests/Fixtures -type d -name '*.oracle' -prune -print | LC_ALL=C sort
}

if [ "$check" -eq 1 ]; then
    mkdir -p "$scratch/committed/Tests/Fixtures/Oracle"
    committed | while IFS= read -r folder; do
        mkdir -p "$scratch/committed/$(dirname "$folder")"
        cp -R "$folder" "$scratch/committed/$folder"
    done
    index=Tests/Fixtures/Oracle/index.txt
    [ -f "$index" ] && cp "$index" "$scratch/committed/$index"
    was=$(sed -n '1s/^# XcodeGen \([^ ]*\) .*/\1/p' "$scratch/committed/$index" 2>/dev/null || true)
    # The version line may differ when the outputs do not.
    sed -i.orig '1d' "$scratch/committed/$index" "$out/$index" 2>/dev/null || true
    rm -f "$scratch/committed/$index.orig" "$out/$index.orig"
    if ! diff -r "$scratch/committed" "$out" >"$scratch/diff.txt"; then
        sed "s|$scratch/committed/||g; s|$out/||g" "$scratch/diff.txt" >&2
        echo "update-oracle: the committed oracle differs from what XcodeGen $version writes (it was made with" \
            "XcodeGen ${was:-unknown}); run scripts/update-oracle.sh and review the diff" >&2
        exit 1
    fi
    if [ "$was" != "$version" ]; then
        echo "update-oracle: note: made with XcodeGen ${was:-unknown}, checked with $version: same outputs"
    fi
    echo "update-oracle: the committed oracle is current"
    exit 0
fi

committed | while IFS= read -r folder; do rm -rf "$folder"; done
(cd "$out" && find . -type d -name '*.oracle' -prune -print) | while IFS= read -r folder; do
    folder=${folder#./}
    mkdir -p "$(dirname "$folder")"
    cp -R "$out/$folder" "$folder"
done
cp "$out/Tests/Fixtures/Oracle/index.txt" Tests/Fixtures/Oracle/index.txt
echo "update-oracle: wrote the oracle; Tests/Fixtures/Oracle/index.txt lists each spec's outcome"
