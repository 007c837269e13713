"""An installed rulecheck runs from anywhere, with no source or build tree (issue 36).

    pytest tests/test_install.py --rulecheck=build/cli/rulecheck --root=.

Installs the build the binary comes from (`cmake --install`) into a scratch prefix and moves that
prefix elsewhere; builds the Debian package (cpack) and unpacks it into a scratch root (dpkg -x).
Each is then run as a user would: the main job (the installed corpus against the oracle and the
installed example engines), `serve` as an engine beside the faithful one, `prove` and
`ambiguities` (over Scythe), with no RULECHECK_HOME and, where this machine allows it (root, unshare), with the
source and build trees hidden under empty folders for the whole run. Where it does not, that one
test says it is skipped and why.
"""
import gzip
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

TIME_LIMIT = 600  # a bound against a hang, not a speed check


def build_dir(rulecheck):
    build = Path(rulecheck).resolve().parent.parent
    assert (build / "CMakeCache.txt").is_file(), f"{rulecheck} is not in a CMake build tree"
    return build


def clean_env():
    env = {k: v for k, v in os.environ.items() if not k.startswith("RULECHECK_")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run(args, cwd, **kw):
    return subprocess.run(args, cwd=cwd, env=clean_env(), capture_output=True, text=True, timeout=TIME_LIMIT, **kw)


@pytest.fixture(scope="module")
def prefix(rulecheck, tmp_path_factory):
    """`cmake --install` into one folder, then the whole prefix moved to another."""
    scratch = tmp_path_factory.mktemp("install")
    first = scratch / "first"
    done = run(["cmake", "--install", str(build_dir(rulecheck)), "--prefix", str(first)], cwd=scratch)
    assert done.returncode == 0, done.stdout + done.stderr
    moved = scratch / "moved" / "elsewhere"
    moved.parent.mkdir()
    shutil.move(str(first), str(moved))
    return moved


@pytest.fixture(scope="module")
def deb(rulecheck, tmp_path_factory):
    """The Debian package cpack makes, or a skip saying what is missing."""
    for tool in ("cpack", "dpkg-deb", "dpkg-shlibdeps"):
        if not shutil.which(tool):
            pytest.skip(f"{tool} is not installed (Debian: cmake, dpkg, dpkg-dev), so no package can be made")
    out = tmp_path_factory.mktemp("deb")
    build = build_dir(rulecheck)
    done = run(["cpack", "-G", "DEB", "--config", str(build / "CPackConfig.cmake"), "-B", str(out)], cwd=out)
    assert done.returncode == 0, done.stdout + done.stderr
    debs = list(out.glob("rulecheck_*.deb"))
    assert len(debs) == 1, f"expected one rulecheck_<version>_<arch>.deb in {out}: {os.listdir(out)}"
    return debs[0]


@pytest.fixture(scope="module")
def deb_root(deb, tmp_path_factory):
    root = tmp_path_factory.mktemp("root")
    done = run(["dpkg-deb", "-x", str(deb), str(root)], cwd=root)
    assert done.returncode == 0, done.stderr
    return root / "usr"


def hidden(command, trees):
    """`command` in a private mount namespace where each of `trees` is an empty folder, or None."""
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return None
    # a tree inside another (build/ in the source tree) is hidden with it: mount over the outer ones only
    outer = [t for t in trees if not any(t != o and t.startswith(o.rstrip("/") + "/") for o in trees)]
    mounts = " && ".join(f"mount -t tmpfs none '{t}'" for t in outer)
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", f'{mounts} && exec "$@"', "sh", *command]


def main_job(bin_, share, cwd, wrap=lambda c: c):
    """The main job from an installed tree: `run` with no path (the installed corpus), the oracle and
    every installed example engine; returns {target: {verdict: count}}."""
    engines = sorted((share / "examples" / "engines").glob("bug_*.py"))
    command = [str(bin_), "run", "--strict", "--quiet", "--rulesets", "any", "--format", "jsonl",  # as scripts/main-job
               "--engine", f"python3 {share / 'examples' / 'engines' / 'faithful.py'}"]
    for e in engines:
        command += ["--engine", f"python3 {e}"]
    done = run(wrap(command), cwd=cwd)
    assert done.returncode in (0, 1), done.stderr[-3000:]
    counts = {}
    for line in done.stdout.splitlines():
        row = json.loads(line)
        if row.get("type") == "case":
            counts.setdefault(row["target"], {}).setdefault(row["verdict"], 0)
            counts[row["target"]][row["verdict"]] += 1
    return counts, len(engines)


def assert_main_job(counts, bug_engines):
    assert set(counts) >= {"oracle", "faithful-python"}, counts.keys()
    for target in ("oracle", "faithful-python"):
        assert counts[target].get("fail", 0) == 0 and counts[target].get("errored", 0) == 0, (target, counts[target])
        assert counts[target].get("pass", 0) > 100, (target, counts[target])  # the installed corpus, not nothing
    bugs = {t: c for t, c in counts.items() if t not in ("oracle", "faithful-python")}
    assert len(bugs) == bug_engines, bugs.keys()
    assert all(c.get("fail", 0) > 0 for c in bugs.values()), bugs


def test_install_layout(prefix):
    share = prefix / "share" / "rulecheck"
    for part in ("rules/messina/clauses.json", "rules/scythe/ruleset.json", "scenarios/schema/scenario.schema.json",
                 "protocol/schema/answer.schema.json", "examples/engines/faithful.py"):
        assert (share / part).is_file(), part
    assert (prefix / "share" / "doc" / "rulecheck" / "README.md").is_file()
    assert (prefix / "share" / "doc" / "rulecheck" / "docs" / "engine-protocol.md").is_file()
    page = gzip.decompress((prefix / "share" / "man" / "man1" / "rulecheck.1.gz").read_bytes()).decode()
    assert page.startswith(".TH RULECHECK 1")
    for command in ("rulecheck run", "rulecheck serve", "rulecheck prove", "rulecheck report merge"):
        assert f'.SS "{command}"' in page, command  # every command's --help, subcommands too
    assert os.access(share / "examples" / "engines" / "faithful.py", os.X_OK) == \
        os.access(Path(__file__).parent.parent / "examples" / "engines" / "faithful.py", os.X_OK)
    assert not list(share.rglob("__pycache__"))


def test_version_names_the_commit(prefix, root):
    done = run([str(prefix / "bin" / "rulecheck"), "--version"], cwd=prefix)
    assert done.returncode == 0
    words = done.stdout.split()
    assert words[0] == "rulecheck" and words[1].count(".") == 2, done.stdout
    if subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True).returncode != 0:
        return  # not a git checkout: the commit is whatever -DRULECHECK_COMMIT gave, or "unknown"
    # a commit of this repository (HEAD when nothing was committed since the build)
    commit = done.stdout.split("(commit ", 1)[1].split(")")[0].removesuffix("-dirty")
    known = subprocess.run(["git", "-C", str(root), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True)
    assert len(commit) == 12 and known.returncode == 0, done.stdout


def test_no_build_path_in_the_binary(prefix, root, rulecheck):
    data = (prefix / "bin" / "rulecheck").read_bytes()
    for tree in {str(Path(root).resolve()), str(build_dir(rulecheck))}:
        assert tree.encode() + b"/rules" not in data and tree.encode() + b"/scenarios" not in data, tree


def test_moved_prefix_runs_the_main_job(prefix):
    counts, bugs = main_job(prefix / "bin" / "rulecheck", prefix / "share" / "rulecheck", cwd=prefix.parent)
    assert_main_job(counts, bugs)


def test_data_missing_names_every_place(prefix, tmp_path):
    lone = tmp_path / "bin" / "rulecheck"
    lone.parent.mkdir()
    shutil.copy(prefix / "bin" / "rulecheck", lone)
    done = run([str(lone), "run"], cwd=tmp_path)
    assert done.returncode == 3, done.stderr
    assert str(tmp_path / "share" / "rulecheck") in done.stderr and "does not exist" in done.stderr, done.stderr
    env = clean_env()
    env["RULECHECK_HOME"] = str(tmp_path / "no-such-home")
    done = subprocess.run([str(prefix / "bin" / "rulecheck"), "validate"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=TIME_LIMIT)
    assert done.returncode == 3 and "$RULECHECK_HOME" in done.stderr and "no-such-home" in done.stderr, done.stderr


def test_package_depends_on_what_the_binary_links(deb):
    fields = run(["dpkg-deb", "-f", str(deb), "Package", "Version", "Architecture", "Depends"], cwd=deb.parent).stdout
    assert "Package: rulecheck" in fields
    assert "libz3" in fields and "libfmt" in fields and "libc6" in fields, fields  # dpkg-shlibdeps, not typed in


def test_package_from_outside_the_trees(deb_root, root, rulecheck, tmp_path):
    """The unpacked package with the source and build trees hidden: main job, serve, prove, ambiguities."""
    bin_, share = deb_root / "bin" / "rulecheck", deb_root / "share" / "rulecheck"
    trees = sorted({str(Path(root).resolve()), str(build_dir(rulecheck))})
    probe = hidden(["true"], trees)
    if probe is None or run(probe, cwd=tmp_path).returncode != 0:
        pytest.skip("cannot hide the source and build trees here (needs root and unshare --mount); "
                    "test_moved_prefix_runs_the_main_job still runs from a moved copy")

    def wrap(command):
        return hidden(command, trees)

    counts, bugs = main_job(bin_, share, cwd=tmp_path, wrap=wrap)
    assert_main_job(counts, bugs)
    # serve as an engine, beside the faithful example engine: both pass the installed corpus
    done = run(wrap([str(bin_), "run", "--strict", "--no-oracle", "--quiet", "--rulesets", "any", "--format", "jsonl",
                     "--engine", f"{bin_} serve", "--engine", f"python3 {share / 'examples/engines/faithful.py'}"]),
               cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    verdicts = [json.loads(l)["verdict"] for l in done.stdout.splitlines() if json.loads(l).get("type") == "case"]
    assert verdicts and set(verdicts) <= {"pass", "skipped"}, set(verdicts)
    # prove and ambiguities over one game (Scythe's, the quicker): what is asked here is that the installed
    # binary finds its rules and data with the trees hidden; every proof and search runs in solver.cli.
    done = run(wrap([str(bin_), "prove", "--game", "scythe", "--format", "json"]), cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert json.loads(done.stdout), "prove printed no proofs"
    done = run(wrap([str(bin_), "ambiguities", "--game", "scythe", "--no-discovery", "--format", "json"]), cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    assert json.loads(done.stdout), "ambiguities printed nothing"
