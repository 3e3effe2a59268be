#!/usr/bin/env python3
"""Prints every value of YAML and JSON files as `[path, type, text]`: the reading of a parser that is not Slipway's,
for the tests that check what `slipway bump` wrote (Tests/SlipwayTests/Spec/CorpusBumpTests.swift). YAML goes
through PyYAML's pure-Python SafeLoader (not libyaml, which Slipway links), JSON through the json module.

path is the document's index, then the keys and item indexes down to the value. type is the Python type the
parser gives (str, int, float, bool, NoneType, ...), so an unquoted 21.10 reads as the float 21.1, not the string
21.10. A mapping or list prints an entry of its own too (type dict or list, text its size), so a key or an item
that appears or disappears changes the list.

usage: yaml-scalars.py FILE...
prints one JSON object: {FILE: {"values": [[path, type, text], ...]}} or {FILE: {"error": "..."}} for a file
that does not parse. Needs PyYAML (pinned in scripts/python-tools.sh; the tests run that venv's python).
"""
import json
import sys

import yaml


def text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def walk(node, path, out):
    if isinstance(node, dict):
        out.append([path, "dict", str(len(node))])
        for key, value in node.items():
            walk(value, path + [text(key)], out)
    elif isinstance(node, list):
        out.append([path, "list", str(len(node))])
        for index, value in enumerate(node):
            walk(value, path + [str(index)], out)
    else:
        out.append([path, type(node).__name__, text(node)])


def read(name):
    with open(name, "rb") as handle:
        source = handle.read().decode("utf-8-sig")
    if name.endswith(".json"):
        documents = [json.loads(source)]
    else:
        documents = list(yaml.safe_load_all(source))
    values = []
    for index, document in enumerate(documents):
        walk(document, [str(index)], values)
    return values


def main():
    report = {}
    for name in sys.argv[1:]:
        try:
            report[name] = {"values": read(name)}
        except (yaml.YAMLError, ValueError, UnicodeDecodeError) as error:
            report[name] = {"error": str(error).splitlines()[0] if str(error) else type(error).__name__}
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
