#!/usr/bin/env python3
"""Writes the symbol ordering file of the Linux release link (scripts/link-order.txt) from profiles.

usage: scripts/link-order.py [--max-section BYTES] MAP CALLGRIND_OUT... > scripts/link-order.txt

MAP is the lld link map (-Map, with --no-demangle) of the executable that valgrind's callgrind ran with
--dump-instr=yes, once per CALLGRIND_OUT. Every .text input section holding an executed instruction is "hot". For
each, in the order the profiles are given and then in the order each profile first names them, this prints one
symbol that no other input section defines, so that lld's --symbol-ordering-file moves exactly that section to the
front of .text, next to the other hot ones.

Why: the kernel maps a file page in together with its neighbours (fault-around, 64 KiB), so a command's resident
memory is every 64 KiB window of the executable it touches. In the default layout the code a run executes is spread
over about 9.5 MiB of windows; packed together it takes a fraction of that.

Left where they are:
- sections only named by symbols other sections also define (local specialisations emitted into many objects):
  ordering by such a name would pull every copy, hot or not, into the hot region;
- sections larger than --max-section (default 256 KiB): whole objects built without function sections, such as the
  Swift runtime's main .text. Their hot functions are spread inside them wherever they are placed, and moving them
  would only spread the rest.
"""

import bisect
import re
import sys

MAP_LINE = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (.*)$")
# A cost line of callgrind's --dump-instr=yes output starts with the instruction's address: absolute (0x...),
# relative to the previous one (+n, -n) or the same (*).
COST_LINE = re.compile(r"^(0x[0-9a-fA-F]+|[+-]\d+|\*)\s")


class Section:
    def __init__(self, start, size, name):
        self.start = start
        self.size = size
        self.name = name
        self.symbols = []


def read_map(path):
    """The input sections of .text, in address order, each with the symbols the map lists in it."""
    sections = []
    in_text = False
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = MAP_LINE.match(line)
            if not match:
                continue
            rest = match.group(3)
            if not rest.startswith(" "):  # an output section
                in_text = rest.strip() == ".text"
            elif in_text and rest.startswith(" " * 16):  # a symbol of the last input section
                if sections:
                    sections[-1].symbols.append(rest.strip())
            elif in_text:  # an input section
                sections.append(Section(int(match.group(1), 16), int(match.group(2), 16), rest.strip()))
    return sections


def executed_sections(sections, profile):
    """The sections holding an instruction `profile` counts, in the order the profile first names them."""
    starts = [section.start for section in sections]
    found = []
    seen = set()
    address = 0
    after_call = False
    with open(profile, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            # calls= names the callee's position and the line after it the call's (inclusive) cost: callgrind writes
            # both relative to the last cost line without moving it, and the callee's own lines are elsewhere.
            if line.startswith("calls="):
                after_call = True
                continue
            if after_call:
                after_call = False
                continue
            match = COST_LINE.match(line)
            if not match:
                continue
            token = match.group(1)
            if token.startswith("0x"):
                address = int(token, 16)
            elif token != "*":
                address += int(token)
            index = bisect.bisect_right(starts, address) - 1
            if index < 0 or address >= sections[index].start + sections[index].size or index in seen:
                continue
            seen.add(index)
            found.append(index)
    return found


def ordering(sections, profiles, max_section):
    definitions = {}
    for section in sections:
        for symbol in section.symbols:
            definitions[symbol] = definitions.get(symbol, 0) + 1
    names = []
    placed = set()
    for profile in profiles:
        for index in executed_sections(sections, profile):
            section = sections[index]
            if index in placed or section.size > max_section:
                continue
            placed.add(index)
            # Names with a space are demangled C++ (a map written without --no-demangle): lld would not match them.
            unique = [s for s in section.symbols if definitions[s] == 1 and " " not in s]
            if unique:
                names.append(unique[0])
    return names


def main(arguments):
    max_section = 256 * 1024
    if len(arguments) >= 2 and arguments[0] == "--max-section":
        max_section = int(arguments[1])
        arguments = arguments[2:]
    if len(arguments) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    sections = read_map(arguments[0])
    if not sections:
        print(f"link-order: {arguments[0]} lists no .text input sections (not an lld -Map file?)", file=sys.stderr)
        return 65
    names = ordering(sections, arguments[1:], max_section)
    if not names:
        print("link-order: the profiles executed nothing in this map's .text (profiles of another build?)",
              file=sys.stderr)
        return 65
    sys.stdout.write("# Written by scripts/link-order.sh (scripts/link-order.py): lld --symbol-ordering-file.\n")
    sys.stdout.write("".join(name + "\n" for name in names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
