"""The docs' examples and reference tables agree with the code and the rule data.

Run: /usr/bin/python3 -m pytest -p no:cacheprovider tests/test_docs.py --rulecheck=BINARY --root=REPO_ROOT

Standard library and pytest only.

  (i)   `scripts/gen-docs --check` passes: every generated block of docs/engine-protocol.md,
        examples/engines/README.md and docs/rulesets.md is what gen-docs writes today (serve's
        answers, the interpretation points, the ruleset keys). On a copy of the docs, editing one
        value in a generated block makes the check fail naming the file and the block, and
        gen-docs then puts it right; a ruleset key without documentation, documentation of a key
        that does not exist, and an unknown clause id each fail naming the key.
  (ii)  every example outside the generated blocks of docs/engine-protocol.md and
        examples/engines/README.md that is a request serve can answer is sent to
        `rulecheck serve`: a hand-written exchange (`>` request, `<` answer lines) must get exactly
        its answers, unless the line before its fence is `<!-- illustrative: why -->`; a request on
        its own (an inline code span, or quoted in a shell line) must be answered without an
        error. A request shortened with `…` anywhere but a whole ruleset or interpretations
        (`{…}`, the defaults) is a shape, not an example, and is skipped.
  (iii) what examples/engines/README.md says of faithful.py beside serve's session holds.
"""
import importlib.machinery
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = ["docs/engine-protocol.md", "examples/engines/README.md"]
FENCE = re.compile(r"^```(?P<lang>[^\n`]*)\n(?P<body>.*?)^```$", re.M | re.S)
ILLUSTRATIVE = re.compile(r"<!-- illustrative: \S.*?-->\s*$")
SPAN = re.compile(r"`(\{[^`]*\})`")
QUOTED = re.compile(r"'(\{[^']*\})'")


@pytest.fixture(scope="module")
def gen(root):
    """scripts/gen-docs as a module (its helpers: blocks, Rules, Serve, parse_shown)."""
    path = root / "scripts" / "gen-docs"
    loader = importlib.machinery.SourceFileLoader("gen_docs", str(path))
    spec = importlib.util.spec_from_loader("gen_docs", loader)
    module = importlib.util.module_from_spec(spec)
    dont_write = sys.dont_write_bytecode
    sys.dont_write_bytecode = True
    try:
        loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = dont_write
    return module


def gen_docs(root, *args, rulecheck=None, repo=None):
    """Runs scripts/gen-docs (of `repo`, default `root`) on the repository `root`."""
    script = (repo or root) / "scripts" / "gen-docs"
    command = [sys.executable, "-B", str(script), "--root", str(root), *args]
    if rulecheck:
        command += ["--rulecheck", rulecheck]
    return subprocess.run(command, capture_output=True, text=True, encoding="utf-8", timeout=300)


@pytest.fixture
def copy(tmp_path, root):
    """A copy of what gen-docs reads and writes: rules/ and the docs with generated blocks."""
    shutil.copytree(root / "rules", tmp_path / "rules")
    for rel in ["docs/engine-protocol.md", "examples/engines/README.md", "docs/rulesets.md"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(root / rel, tmp_path / rel)
    return tmp_path


def edit_json(path, change):
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


# ---------------------------------------------------------------- (i) the generated blocks


def test_every_generated_block_is_what_gen_docs_writes_today(root, rulecheck):
    done = gen_docs(root, "--check", rulecheck=rulecheck)
    assert done.returncode == 0, (
        f"the docs differ from what scripts/gen-docs writes (run scripts/gen-docs, review, commit):\n"
        f"{done.stdout}{done.stderr}")


def test_editing_a_value_in_a_generated_block_fails_the_check_naming_file_and_block(root, rulecheck, copy):
    doc = copy / "docs" / "engine-protocol.md"
    text = doc.read_text(encoding="utf-8")
    answer = '"resources":{"energy":2,"food":2}'  # c1's outcome: food 6 -> 2
    assert text.count(answer) == 1, "the apply-answer block no longer shows c1's outcome; update this test"
    doc.write_text(text.replace(answer, '"resources":{"energy":2,"food":3}'), encoding="utf-8")
    rulesets = copy / "docs" / "rulesets.md"
    row = "| `hand_limit` | `5` |"
    assert row in rulesets.read_text(encoding="utf-8")
    rulesets.write_text(rulesets.read_text(encoding="utf-8").replace(row, "| `hand_limit` | `6` |"), encoding="utf-8")

    done = gen_docs(copy, "--check", rulecheck=rulecheck, repo=root)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "docs/engine-protocol.md [block apply-answer]" in done.stdout
    assert '-< {"id":"c1","legal":true' in done.stdout and '"food":3' in done.stdout
    assert "docs/rulesets.md [block ruleset-keys]" in done.stdout
    assert "-| `hand_limit` | `6` |" in done.stdout and "+| `hand_limit` | `5` |" in done.stdout
    assert "hello-answer" not in done.stdout, "only the edited blocks differ"

    done = gen_docs(copy, rulecheck=rulecheck, repo=root)  # puts them right
    assert done.returncode == 0, done.stdout + done.stderr
    assert gen_docs(copy, "--check", rulecheck=rulecheck, repo=root).returncode == 0
    assert doc.read_text(encoding="utf-8") == (root / "docs" / "engine-protocol.md").read_text(encoding="utf-8")


def test_text_outside_the_blocks_is_left_as_it_is(root, rulecheck, copy):
    doc = copy / "docs" / "rulesets.md"
    doc.write_text(doc.read_text(encoding="utf-8") + "\nA note of the editor's.\n", encoding="utf-8")
    assert gen_docs(copy, "--check", rulecheck=rulecheck, repo=root).returncode == 0
    assert gen_docs(copy, rulecheck=rulecheck, repo=root).returncode == 0
    assert doc.read_text(encoding="utf-8").endswith("\nA note of the editor's.\n")


def test_a_doc_without_its_block_is_refused(root, rulecheck, copy):
    doc = copy / "docs" / "rulesets.md"
    doc.write_text(doc.read_text(encoding="utf-8").replace("<!-- generated: ruleset-keys", "<!-- ruleset-keys"),
                   encoding="utf-8")
    done = gen_docs(copy, "--check", rulecheck=rulecheck, repo=root)
    assert done.returncode == 2 and "docs/rulesets.md" in done.stderr and "ruleset-keys" in done.stderr


UNDOCUMENTED = {
    # name: (file under rules/, change, what the message must name)
    "key-without-entry": ("messina/ruleset.json", lambda d: d.update(stacking_sea=3),
                          'no entry for the ruleset key "stacking_sea"'),
    "nested-key-without-entry": ("messina/ruleset.doc.json", lambda d: d["keys"].pop("units.mech.cost"),
                                 'no entry for the ruleset key "units.mech.cost"'),
    "entry-without-key": ("scythe/ruleset.doc.json",
                          lambda d: d["keys"].update({"move_range.boat": {"meaning": "Boats.", "clauses": ["scythe.move.range"]}}),
                          'the entry "move_range.boat" names no key'),
    "unknown-clause": ("messina/ruleset.doc.json",
                       lambda d: d["keys"]["hand_limit"]["clauses"].append("messina.cards.hand-limits"),
                       '"hand_limit" cites "messina.cards.hand-limits", which is not a clause id in rules/messina/clauses.json'),
    "clause-of-another-game": ("scythe/ruleset.doc.json",
                               lambda d: d["keys"]["units_per_move"].update(clauses=["messina.muster.stacking"]),
                               '"units_per_move" cites "messina.muster.stacking"'),
    "no-clause-and-no-why": ("scythe/ruleset.doc.json", lambda d: d["keys"]["popularity_max"].pop("why_no_clause"),
                             '"popularity_max" cites no clause'),
}


@pytest.mark.parametrize("name", list(UNDOCUMENTED))
def test_undocumented_or_wrongly_documented_ruleset_keys_fail_naming_the_key(root, copy, name):
    rel, change, message = UNDOCUMENTED[name]
    edit_json(copy / "rules" / rel, change)
    before = (copy / "docs" / "rulesets.md").read_text(encoding="utf-8")
    for args in (["--check"], []):
        done = gen_docs(copy, *args, rulecheck="/nonexistent/rulecheck", repo=root)  # fails before serve is needed
        assert done.returncode == 1, done.stdout + done.stderr
        assert message in done.stderr, done.stderr
    assert (copy / "docs" / "rulesets.md").read_text(encoding="utf-8") == before, "nothing is written then"


def test_the_generated_docs_do_not_depend_on_the_machine(root):
    for rel in DOCS + ["docs/rulesets.md"]:
        text = (root / rel).read_text(encoding="utf-8")
        assert str(root) not in text and str(Path.home()) + "/" not in text, f"{rel} names a path of this machine"


# ---------------------------------------------------------------- (ii) the examples outside the blocks


def outside_blocks(gen, text):
    """The doc with its generated blocks blanked (line count kept, for line numbers)."""
    out, last = [], 0
    for _, body, start, end in gen.blocks(text):
        out += [text[last:start], "\n" * body.count("\n")]
        last = end
    return "".join(out + [text[last:]])


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def hand_written(gen, root):
    """(where, kind, payload) of each example outside the generated blocks: kind "exchange" with
    [(">" or "<", text)], or "request" with the request's text."""
    found = []
    for rel in DOCS:
        text = outside_blocks(gen, (root / rel).read_text(encoding="utf-8"))
        for fence in FENCE.finditer(text):
            where = f"{rel}:{line_of(text, fence.start())}"
            body = fence["body"]
            lines = [(line[0], line[2:]) for line in body.splitlines() if line[:3] in ("> {", "< {")]
            if lines:
                before = text[:fence.start()].rstrip("\n").rsplit("\n", 1)[-1]
                found.append((where, "illustrative" if ILLUSTRATIVE.search(before) else "exchange", lines))
            elif fence["lang"].strip() in ("sh", "bash", "shell"):
                found += [(where, "request", m[1]) for m in QUOTED.finditer(body) if '"op"' in m[1]]
            else:
                found += [(where, "request", line.strip()) for line in body.splitlines()
                          if line.strip().startswith("{") and '"op"' in line]
        prose = FENCE.sub(lambda m: "\n" * m[0].count("\n"), text)
        found += [(f"{rel}:{line_of(prose, m.start())}", "request", m[1]) for m in SPAN.finditer(prose) if '"op"' in m[1]]
    return found


def request_of(gen, text):
    """The request, or None when the text is a shape shortened with … (not an example)."""
    try:
        return gen.parse_shown(text)
    except ValueError:
        if "…" in text or "<" in text:
            return None
        raise


@pytest.fixture(scope="module")
def serve(gen, root, rulecheck):
    return gen.Serve(rulecheck, gen.Rules(root))


def hand_written_problems(gen, root, serve):
    """What is wrong with the hand-written examples of the docs under `root`, and the places checked."""
    problems, checked = [], []
    for where, kind, payload in hand_written(gen, root):
        if kind == "request":
            try:
                request = request_of(gen, payload)
            except ValueError as e:
                problems.append(f"{where}: {payload} is neither JSON nor a shape shortened with …: {e}")
                continue
            if request is None:
                continue
            answer = serve.answers([request])[0]
            if answer is not None and "error" in json.loads(answer):
                problems.append(f"{where}: serve answers {payload} with {answer}")
            checked.append(where)
        elif kind == "exchange":
            requests, shown_answers = [], []
            for mark, text in payload:
                if mark == ">":
                    request = request_of(gen, text)
                    if request is None:
                        problems.append(f"{where}: a shortened request ({text[:60]}…): generate this exchange with "
                                        "scripts/gen-docs, or put <!-- illustrative: why --> on the line before its fence")
                        break
                    requests.append(request)
                else:
                    shown_answers.append(text)
            else:
                got = [a for a in serve.answers(requests) if a is not None]
                checked.append(where)
                if len(got) != len(shown_answers):
                    problems.append(f"{where}: serve gives {len(got)} answer(s), the doc shows {len(shown_answers)}")
                for shown, answer in zip(shown_answers, got):
                    if json.loads(shown) != json.loads(answer):
                        problems.append(f"{where}: the doc shows\n  {shown}\nserve answers\n  {answer}")
    return problems, checked


def test_each_hand_written_request_and_exchange_is_what_serve_answers(gen, root, serve):
    problems, checked = hand_written_problems(gen, root, serve)
    assert not problems, "\n".join(problems)
    assert any(w.startswith("examples/engines/README.md") for w in checked) and \
        any(w.startswith("docs/engine-protocol.md") for w in checked), \
        f"the hand-written requests were not found (checked: {checked})"


def test_a_wrong_hand_written_exchange_fails_unless_marked_illustrative(gen, root, rulecheck, copy):
    doc = copy / "examples" / "engines" / "README.md"
    original = doc.read_text(encoding="utf-8")
    query = ('{"id":"w1","op":"query","game":"messina","ruleset":{…},"interpretations":{…},"state":{"round":1,'
             '"factions":{"UE":{"kind":"human","home":["D1"]}},"spaces":{"D1":{}}},'
             '"query":{"type":"friendly-area","faction":"UE","purpose":"muster"}}')
    serve = gen.Serve(rulecheck, gen.Rules(copy))

    def problems_with(exchange):
        doc.write_text(original + exchange, encoding="utf-8")
        return hand_written_problems(gen, copy, serve)[0]

    right = f"\n```\n> {query}\n< {{\"id\":\"w1\",\"result\":[\"D1\"]}}\n```\n"
    wrong = right.replace('["D1"]', '["D1","D2"]')
    assert problems_with(right) == []
    found = problems_with(wrong)
    assert len(found) == 1 and "examples/engines/README.md:" in found[0] and '"D2"' in found[0], found
    assert problems_with("\n<!-- illustrative: a made-up answer -->" + wrong) == []
    shortened = right.replace('"round":1,', '"round":1,…,')
    assert "shortened request" in problems_with(shortened)[0]
    assert "neither JSON" in problems_with('\nSend `{"op":"hello","protocol":1,}` first.\n')[0]


# ---------------------------------------------------------------- (iii) faithful.py beside serve's session


def test_faithful_py_answers_the_readme_session_as_the_readme_says(gen, root, serve):
    text = (root / "examples" / "engines" / "README.md").read_text(encoding="utf-8")
    [(_, body, _, _)] = [b for b in gen.blocks(text) if b[0] == "session"]
    requests = [gen.parse_shown(line[2:]) for line in body.splitlines() if line.startswith("> ")]
    documented = [line[2:] for line in body.splitlines() if line.startswith("< ")]
    lines = "".join(json.dumps(serve.full(r), sort_keys=True, separators=(",", ":")) + "\n" for r in requests)
    done = subprocess.run([sys.executable, "-B", str(root / "examples" / "engines" / "faithful.py")], input=lines,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    faithful = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert len(faithful) == len(documented), done.stdout + done.stderr

    hello, served_hello = faithful[0], json.loads(documented[0])
    assert hello["name"] == "faithful-python"
    assert set(hello["interpretations"]) == set(served_hello["interpretations"])
    for point, readings in hello["interpretations"].items():
        served = served_hello["interpretations"][point]  # serve offers every reading, its default first
        assert isinstance(readings, list) and isinstance(served, list), point
        assert readings[0] == served[0] and set(readings) <= set(served), point
    for mine, shown in zip(faithful[1:], documented[1:]):
        expected = json.loads(shown)
        expected.pop("reason", None)
        assert mine == expected
