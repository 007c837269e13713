"""The folders depend on each other one way (DESIGN.md, "The parts"): cli on top; the oracle at
the bottom with nothing but the standard library and fmt; common/ (the Game interface, InputError,
JSON helpers) under the games' adapters and the harness; no folder includes from a folder that
includes it back.

Each rule below is the set of project units a unit's C++ files may include from; a unit is a
top-level folder, except properties/generators/ (the case generators `rulecheck fuzz` and the
properties share), which is a unit of its own below the harness, while the property tests above
it use the harness. A test fails naming the file, the line and the include that breaks it.
"""
import re
from pathlib import Path

import pytest

# unit -> project units its sources may include (itself always allowed).
ALLOWED = {
    "oracle": set(),
    "common": set(),
    "solver": {"common", "oracle"},
    "games": {"common", "oracle", "solver"},
    "properties/generators": set(),
    "rulebook": {"common"},
    "harness": {"common", "games", "properties/generators"},
    "reports": {"harness", "rulebook", "common"},
    "diff": {"harness", "reports", "rulebook", "common", "games", "properties/generators"},
    "cli": {"harness", "reports", "rulebook", "common", "games", "diff"},
    "fuzz": {"harness", "reports", "common", "games"},
    "properties": {"harness", "games", "common", "properties/generators"},
}
# Third-party headers the oracle may use (fmt only) besides the standard library.
ORACLE_THIRD_PARTY = ("fmt/",)

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def includes(path):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        m = INCLUDE.match(line)
        if m:
            yield number, m.group(1), m.group(2)


def unit_of(header):
    return "properties/generators" if header.startswith("properties/generators/") else header.split("/", 1)[0]


def sources(root, unit):
    files = (p for p in (root / unit).rglob("*") if p.suffix in (".cpp", ".hpp") and p.is_file())
    # A unit's files, less those of a unit nested inside it.
    return sorted(p for p in files if unit_of(str(p.relative_to(root))) == unit)


@pytest.mark.parametrize("folder", sorted(ALLOWED))
def test_a_folder_includes_only_from_the_folders_below_it(root, folder):
    problems = []
    for path in sources(root, folder):
        for number, kind, header in includes(path):
            if kind != '"':
                continue
            top = unit_of(header)
            if top != folder and top not in ALLOWED[folder]:
                problems.append(f"{path.relative_to(root)}:{number}: includes {header} "
                                f"({folder}/ may include from: {', '.join(sorted(ALLOWED[folder])) or 'nothing'})")
    assert not problems, "\n".join(problems)


def test_the_oracle_uses_nothing_but_the_standard_library_and_fmt(root):
    problems = []
    for path in sources(root, "oracle"):
        for number, kind, header in includes(path):
            if kind == "<" and "/" in header and not header.startswith(ORACLE_THIRD_PARTY):
                problems.append(f"{path.relative_to(root)}:{number}: includes <{header}>")
            if kind == "<" and header.startswith(("nlohmann", "z3", "CLI")):
                problems.append(f"{path.relative_to(root)}:{number}: includes <{header}>")
    assert not problems, "\n".join(problems)


def test_the_allowed_dependencies_have_no_cycle():
    # A folder may not reach itself through the rules above: the layering is a partial order.
    def reaches(start, target, seen=()):
        return any(d == target or (d not in seen and reaches(d, target, seen + (d,)))
                   for d in ALLOWED.get(start, ()))
    assert not [f for f in ALLOWED if reaches(f, f)]


def test_a_broken_rule_is_found(tmp_path):
    # The check itself: a harness file including the oracle is named.
    (tmp_path / "harness").mkdir()
    (tmp_path / "harness" / "x.cpp").write_text('#include "oracle/messina/oracle.hpp"\n')
    for folder in ALLOWED:
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    with pytest.raises(AssertionError, match="harness/x.cpp:1: includes oracle/messina/oracle.hpp"):
        test_a_folder_includes_only_from_the_folders_below_it(tmp_path, "harness")


def test_z3_stays_inside_the_solver(root):
    # z3++.h costs seconds per translation unit: only solver/ sources include it, and no solver
    # header that another folder includes does.
    problems = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if path.suffix not in (".cpp", ".hpp") or rel.parts[0] in ("build", "out") or rel.parts[0].startswith("build"):
            continue
        if rel.parts[0] in ("solver",) or rel.name.startswith("test_solver_"):
            continue
        for number, kind, header in includes(path):
            if header.startswith("z3"):
                problems.append(f"{rel}:{number}: includes <{header}>")
            if kind == '"' and header.startswith("solver/"):
                target = root / header
                if target.exists() and any(h.startswith("z3") for _, _, h in includes(target)):
                    problems.append(f"{rel}:{number}: includes {header}, which includes Z3")
    assert not problems, "\n".join(problems)
