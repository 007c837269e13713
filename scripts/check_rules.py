#!/usr/bin/env python3
"""Check the rule-clause indexes (rules/<game>/clauses.json) against the rule texts.

For every game that has a rules/<game>/clauses.json, this checks:

  * the index itself: ids unique, well formed (^[a-z0-9]+(\\.[a-z0-9-]+)+$) and
    starting with the game's name; required fields present; no unknown fields;
    scope one of implemented / out-of-scope / note; section listed in "sources";
  * fingerprints: each clause's and not_clause's fingerprint equals the current
    fingerprint of the paragraph it names (a mismatch means the rulebook changed);
  * completeness: every paragraph of every source file is named by at least one
    clause or not_clause;
  * citations: every id cited by a scenario (scenarios/**/*.json except
    scenarios/schema/: "cites" and each "rule" in steps[*].expect, one_of lists
    included) and every id in rules/<game>/interpretations.json "clauses" lists
    exists in that game's index;
  * with --coverage: every clause (implemented, out-of-scope or note) is cited by some scenario's
    "cites"; out-of-scope and note clauses by the scenario they bear on, with a note.

A paragraph of a rule text is a maximal run of consecutive non-blank lines
(a line is blank when it is empty or whitespace only), numbered from 1 in file
order. Its fingerprint is the first 16 hex digits of the SHA-256 of its lines,
each stripped of surrounding whitespace and joined with single spaces (UTF-8).

Exit status: 0 when nothing is wrong, 1 when a problem was found, 2 on bad usage.
"""

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

ID_RE = re.compile(r"^[a-z0-9]+(\.[a-z0-9-]+)+$")
FINGERPRINT_RE = re.compile(r"^[0-9a-f]{16}$")
SCOPES = ("implemented", "out-of-scope", "note")

INDEX_FIELDS = {"game", "sources", "clauses", "not_clauses"}
INDEX_OPTIONAL = {"note"}
CLAUSE_FIELDS = {"id", "section", "paragraph", "fingerprint", "paraphrase", "scope"}
CLAUSE_OPTIONAL = {"note"}
NOT_CLAUSE_FIELDS = {"section", "paragraph", "fingerprint", "why"}
NOT_CLAUSE_OPTIONAL = set()


# --------------------------------------------------------------------------- paragraphs

def read_paragraphs(path):
    """The paragraphs of a text file: a list of lists of stripped lines."""
    text = Path(path).read_text(encoding="utf-8")
    paragraphs, current = [], []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped:
            current.append(stripped)
        elif current:
            paragraphs.append(current)
            current = []
    if current:
        paragraphs.append(current)
    return paragraphs


def fingerprint(lines):
    """First 16 hex digits of sha256 of the stripped lines joined with one space."""
    joined = " ".join(line.strip() for line in lines)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:16]


# --------------------------------------------------------------------------- helpers

class Problems:
    def __init__(self):
        self.lines = []
        self.warnings = []

    def add(self, where, what, message):
        """where: a file path relative to the root; what: a clause id or other locator."""
        self.lines.append(f"{where}: {what}: {message}" if what else f"{where}: {message}")

    def warn(self, where, message):
        self.warnings.append(f"warning: {where}: {message}")


def rel(path, root):
    try:
        return str(Path(path).resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)


def load_json(path, root, problems):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, UnicodeDecodeError) as e:
        problems.add(rel(path, root), None, f"cannot read: {e}")
    except json.JSONDecodeError as e:
        problems.add(rel(path, root), None, f"not valid JSON: {e}")
    return None


def preview(lines, width=60):
    text = " ".join(lines)
    return text if len(text) <= width else text[: width - 1] + "…"


# --------------------------------------------------------------------------- one index

class GameIndex:
    """One game's clause index, after checking it."""

    def __init__(self, game, path):
        self.game = game
        self.path = path
        self.ids = set()
        self.clauses = {}  # id -> (section, scope)
        self.sections = set()
        self.clause_count = 0


def check_index(game, path, root, texts, problems):
    where = rel(path, root)
    index = GameIndex(game, path)
    data = load_json(path, root, problems)
    if data is None:
        return index
    if not isinstance(data, dict):
        problems.add(where, None, "the index must be a JSON object")
        return index

    for field in sorted(INDEX_FIELDS - data.keys()):
        problems.add(where, None, f'missing top-level field "{field}"')
    for field in sorted(data.keys() - INDEX_FIELDS - INDEX_OPTIONAL):
        problems.add(where, None, f'unknown top-level field "{field}" '
                     f'(allowed: {", ".join(sorted(INDEX_FIELDS | INDEX_OPTIONAL))})')
    if "game" in data and data["game"] != game:
        problems.add(where, None, f'"game" is {data["game"]!r} but the folder is rules/{game}/')

    # sources: section -> file name under --texts
    sources = data.get("sources", {})
    if not isinstance(sources, dict):
        problems.add(where, None, '"sources" must be an object mapping section -> rule text file')
        sources = {}
    paragraphs_of = {}  # file name -> list of paragraphs
    for section, filename in sources.items():
        if not isinstance(filename, str):
            problems.add(where, None, f'sources["{section}"] must be a file name')
            continue
        if filename not in paragraphs_of:
            text_path = texts / filename
            try:
                paragraphs_of[filename] = read_paragraphs(text_path)
            except (OSError, UnicodeDecodeError) as e:
                problems.add(where, None, f'sources["{section}"]: cannot read {text_path}: {e}')
                paragraphs_of[filename] = None
    index.sections = set(sources)

    referenced = {}  # (file, paragraph) -> list of "clause"/"not_clause"

    def check_reference(entry, label):
        """Section, paragraph and fingerprint of a clause or not_clause. Returns True if fine."""
        section = entry.get("section")
        paragraph = entry.get("paragraph")
        fp = entry.get("fingerprint")
        if "section" in entry and section not in sources:
            problems.add(where, label, f'section {section!r} is not listed in "sources" '
                         f'(listed: {", ".join(sorted(sources)) or "none"})')
            return
        if "paragraph" in entry and (not isinstance(paragraph, int) or isinstance(paragraph, bool)
                                     or paragraph < 1):
            problems.add(where, label, f'"paragraph" must be an integer >= 1, not {paragraph!r}')
            return
        if "fingerprint" in entry and (not isinstance(fp, str) or not FINGERPRINT_RE.match(fp)):
            problems.add(where, label, f'"fingerprint" must be 16 lowercase hex digits, not {fp!r}')
            fp = None
        if section is None or paragraph is None:
            return
        filename = sources[section]
        paragraphs = paragraphs_of.get(filename)
        if paragraphs is None:
            return
        if paragraph > len(paragraphs):
            problems.add(where, label, f"paragraph {paragraph} of {filename} does not exist "
                         f"(the file has {len(paragraphs)} paragraphs)")
            return
        referenced.setdefault((filename, paragraph), []).append(label)
        if fp is not None:
            now = fingerprint(paragraphs[paragraph - 1])
            if now != fp:
                problems.add(where, label, f"paragraph {paragraph} of {filename} changed since the "
                             f"clause was written (fingerprint {fp}, now {now}: "
                             f"\"{preview(paragraphs[paragraph - 1])}\")")

    # clauses
    clauses = data.get("clauses", [])
    if not isinstance(clauses, list):
        problems.add(where, None, '"clauses" must be a list')
        clauses = []
    clause_paragraphs = set()
    for i, clause in enumerate(clauses):
        if not isinstance(clause, dict):
            problems.add(where, f"clauses[{i}]", "a clause must be an object")
            continue
        index.clause_count += 1
        cid = clause.get("id")
        label = cid if isinstance(cid, str) and cid else f"clauses[{i}]"
        for field in sorted(CLAUSE_FIELDS - clause.keys()):
            problems.add(where, label, f'missing field "{field}"')
        for field in sorted(clause.keys() - CLAUSE_FIELDS - CLAUSE_OPTIONAL):
            problems.add(where, label, f'unknown field "{field}" '
                         f'(allowed: {", ".join(sorted(CLAUSE_FIELDS | CLAUSE_OPTIONAL))})')
        if "id" in clause:
            if not isinstance(cid, str) or not ID_RE.match(cid):
                problems.add(where, label, f"id {cid!r} does not match {ID_RE.pattern}")
            elif cid.split(".", 1)[0] != game:
                problems.add(where, label, f'id does not start with the game name "{game}."')
            if isinstance(cid, str):
                if cid in index.ids:
                    problems.add(where, label, "duplicate id")
                index.ids.add(cid)
        paraphrase = clause.get("paraphrase")
        if "paraphrase" in clause and (not isinstance(paraphrase, str) or not paraphrase.strip()
                                       or "\n" in paraphrase):
            problems.add(where, label, '"paraphrase" must be one non-empty line of text')
        scope = clause.get("scope")
        if "scope" in clause and scope not in SCOPES:
            problems.add(where, label, f'scope {scope!r} is not one of {", ".join(SCOPES)}')
        elif isinstance(cid, str):
            index.clauses[cid] = (clause.get("section"), scope)
        check_reference(clause, label)
        if isinstance(clause.get("section"), str) and clause.get("section") in sources:
            clause_paragraphs.add((sources[clause["section"]], clause.get("paragraph")))

    # not_clauses
    not_clauses = data.get("not_clauses", [])
    if not isinstance(not_clauses, list):
        problems.add(where, None, '"not_clauses" must be a list')
        not_clauses = []
    seen_not = set()
    for i, entry in enumerate(not_clauses):
        label = f"not_clauses[{i}]"
        if not isinstance(entry, dict):
            problems.add(where, label, "a not_clause must be an object")
            continue
        label = f"not_clauses[{i}] ({entry.get('section')} paragraph {entry.get('paragraph')})"
        for field in sorted(NOT_CLAUSE_FIELDS - entry.keys()):
            problems.add(where, label, f'missing field "{field}"')
        for field in sorted(entry.keys() - NOT_CLAUSE_FIELDS - NOT_CLAUSE_OPTIONAL):
            problems.add(where, label, f'unknown field "{field}" '
                         f'(allowed: {", ".join(sorted(NOT_CLAUSE_FIELDS))})')
        why = entry.get("why")
        if "why" in entry and (not isinstance(why, str) or not why.strip()):
            problems.add(where, label, '"why" must be a non-empty reason')
        check_reference(entry, label)
        section = entry.get("section")
        if isinstance(section, str) and section in sources:
            key = (sources[section], entry.get("paragraph"))
            if key in seen_not:
                problems.add(where, label, "the same paragraph is listed twice in not_clauses")
            seen_not.add(key)
            if key in clause_paragraphs:
                problems.add(where, label, f"paragraph {key[1]} of {key[0]} is cited by a clause, "
                             "so it cannot also be a not_clause")

    # every paragraph of every source file is accounted for
    for filename, paragraphs in sorted(paragraphs_of.items()):
        if paragraphs is None:
            continue
        for n, lines in enumerate(paragraphs, start=1):
            if (filename, n) not in referenced:
                problems.add(where, None, f"paragraph {n} of {filename} is named by no clause or "
                             f"not_clause (fingerprint {fingerprint(lines)}: \"{preview(lines)}\")")
    return index


# --------------------------------------------------------------------------- citations

def expect_rules(expect):
    """Every "rule" inside an expect object, one_of lists included (nested too)."""
    if isinstance(expect, dict):
        if "rule" in expect:
            yield expect["rule"]
        one_of = expect.get("one_of")
        if isinstance(one_of, list):
            for alternative in one_of:
                yield from expect_rules(alternative)


def scenario_files(root):
    base = root / "scenarios"
    if not base.is_dir():
        return []
    schema = base / "schema"
    return sorted(p for p in base.rglob("*.json")
                  if p.is_file() and schema not in p.parents)


def check_scenarios(root, indexes, problems):
    """Returns {game: set of ids cited in "cites"}."""
    cited = {game: set() for game in indexes}
    for path in scenario_files(root):
        where = rel(path, root)
        data = load_json(path, root, problems)
        if data is None:
            continue
        if not isinstance(data, dict):
            problems.add(where, None, "a scenario must be a JSON object")
            continue
        game = data.get("game")
        if game not in indexes:
            problems.add(where, None, f"game {game!r} has no clause index "
                         f"(known: {', '.join(sorted(indexes)) or 'none'})")
            continue
        index = indexes[game]
        index_where = rel(index.path, root)
        cites = data.get("cites", [])
        if not isinstance(cites, list):
            problems.add(where, None, '"cites" must be a list of clause ids')
            cites = []
        for cid in cites:
            if not isinstance(cid, str):
                problems.add(where, None, f'"cites" holds {cid!r}, not a clause id')
            elif cid not in index.ids:
                problems.add(where, cid, f"cited in \"cites\" but not in {index_where}")
            else:
                cited[game].add(cid)
        steps = data.get("steps", [])
        if not isinstance(steps, list):
            problems.add(where, None, '"steps" must be a list')
            steps = []
        for n, step in enumerate(steps):
            if not isinstance(step, dict):
                continue
            for rule in expect_rules(step.get("expect")):
                if not isinstance(rule, str):
                    problems.add(where, None, f"steps[{n}].expect: rule {rule!r} is not a clause id")
                elif rule not in index.ids:
                    problems.add(where, rule, f"named as steps[{n}].expect rule but not in {index_where}")
    return cited


def interpretation_clause_lists(node):
    """Every list of strings under a key "clauses", anywhere in the document."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "clauses" and isinstance(value, list):
                yield node.get("id"), value
            else:
                yield from interpretation_clause_lists(value)
    elif isinstance(node, list):
        for item in node:
            yield from interpretation_clause_lists(item)


def check_interpretations(root, indexes, problems):
    rules_dir = root / "rules"
    for path in sorted(rules_dir.glob("*/interpretations.json")):
        game = path.parent.name
        where = rel(path, root)
        if game not in indexes:
            problems.warn(where, f"rules/{game}/ has no clauses.json yet; its clause ids are not checked")
            continue
        data = load_json(path, root, problems)
        if data is None:
            continue
        index_where = rel(indexes[game].path, root)
        for point, ids in interpretation_clause_lists(data):
            for cid in ids:
                if not isinstance(cid, str) or cid not in indexes[game].ids:
                    problems.add(where, cid if isinstance(cid, str) else repr(cid),
                                 f"listed in the clauses of point {point!r} but not in {index_where}")


def check_coverage(root, indexes, cited, sections, problems):
    for game, index in sorted(indexes.items()):
        where = rel(index.path, root)
        for cid, (section, scope) in sorted(index.clauses.items()):
            if sections and section not in sections and f"{game}/{section}" not in sections:
                continue
            if cid not in cited.get(game, set()):
                problems.add(where, cid, f"{scope} clause (section {section}) is cited by "
                             "no scenario's \"cites\" (an out-of-scope or note clause is cited, with a "
                             "note, by the scenario it bears on)")


# --------------------------------------------------------------------------- main

def default_root():
    return Path(__file__).resolve().parent.parent


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Check the rule-clause indexes rules/<game>/clauses.json against the rule "
                    "texts, and the clause ids cited by scenarios and interpretations.",
        epilog="Paragraph = a maximal run of non-blank lines, numbered from 1. Fingerprint = the "
               "first 16 hex digits of sha256 of the paragraph's stripped lines joined by single "
               "spaces (UTF-8). Exit status: 0 ok, 1 problems found, 2 bad usage.")
    parser.add_argument("--root", type=Path, default=None,
                        help="the repository root (default: the parent of this script's folder)")
    parser.add_argument("--texts", type=Path, default=None,
                        help="folder holding the rule texts (default: ROOT/../shared/rules)")
    parser.add_argument("--coverage", action="store_true",
                        help='also require every clause to be cited by at least one scenario\'s "cites"')
    parser.add_argument("--coverage-sections", metavar="A,B", default=None,
                        help="restrict --coverage to these sections (a section name, or game/section); "
                             "implies --coverage")
    parser.add_argument("--fingerprint", nargs=2, metavar=("FILE", "PARAGRAPH"), default=None,
                        help="print the fingerprint of paragraph PARAGRAPH of FILE (a path, or a file "
                             "name in --texts) and exit")
    parser.add_argument("--paragraphs", metavar="FILE", default=None,
                        help="list every paragraph of FILE with its number and fingerprint, and exit")
    args = parser.parse_args(argv)

    root = (args.root or default_root()).resolve()
    texts = (args.texts or (root.parent / "shared" / "rules")).resolve()

    def text_file(name):
        path = Path(name)
        if not path.is_file() and (texts / name).is_file():
            path = texts / name
        if not path.is_file():
            parser.error(f"no such rule text: {name} (looked as given and in {texts})")
        return path

    if args.fingerprint:
        name, number = args.fingerprint
        try:
            n = int(number)
        except ValueError:
            parser.error(f"PARAGRAPH must be an integer, not {number!r}")
        paragraphs = read_paragraphs(text_file(name))
        if not 1 <= n <= len(paragraphs):
            parser.error(f"{name} has paragraphs 1..{len(paragraphs)}, not {n}")
        print(fingerprint(paragraphs[n - 1]))
        return 0

    if args.paragraphs:
        for n, lines in enumerate(read_paragraphs(text_file(args.paragraphs)), start=1):
            print(f"{n:3d} {fingerprint(lines)} {preview(lines, 100)}")
        return 0

    if not (root / "rules").is_dir():
        parser.error(f"{root} has no rules/ folder (use --root)")
    if not texts.is_dir():
        parser.error(f"rule texts folder {texts} does not exist (use --texts)")

    problems = Problems()
    indexes = {}
    for path in sorted((root / "rules").glob("*/clauses.json")):
        game = path.parent.name
        indexes[game] = check_index(game, path, root, texts, problems)

    cited = check_scenarios(root, indexes, problems)
    check_interpretations(root, indexes, problems)

    sections = None
    if args.coverage_sections is not None:
        sections = {s.strip() for s in args.coverage_sections.split(",") if s.strip()}
        known = {s for index in indexes.values() for s in index.sections}
        known |= {f"{g}/{s}" for g, index in indexes.items() for s in index.sections}
        unknown = sorted(sections - known)
        if unknown:
            parser.error(f"unknown section(s) in --coverage-sections: {', '.join(unknown)} "
                         f"(known: {', '.join(sorted(known))})")
    if args.coverage or sections is not None:
        check_coverage(root, indexes, cited, sections, problems)

    for line in problems.warnings:
        print(line, file=sys.stderr)
    for line in problems.lines:
        print(line)
    total = sum(index.clause_count for index in indexes.values())
    games = len(indexes)
    what = f"{total} clause{'s' if total != 1 else ''} in {games} game{'s' if games != 1 else ''} checked"
    if problems.lines:
        count = len(problems.lines)
        print(f"{what}: {count} problem{'s' if count != 1 else ''}")
        return 1
    print(f"{what}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
