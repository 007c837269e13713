"""One run of a costly command, shared by the test files that read the same output.

`rulecheck ambiguities` and `rulecheck prove` over the repository's rules, as they are, are asked by
several test files (ctest runs each file as its own test), each reading other parts of the same output.
Under ctest (RULECHECK_TEST_SHARED names a folder, tests/CMakeLists.txt) the first test to need a run
makes it and the others read what it wrote; a test that needs it while it is being made waits for it
(a file lock). The run's key is its arguments and everything it reads that the tests could change: the
binary (its size and time), the rules folder's files and the rule texts' (each one's path, size and
time) and the environment variables that move them, so a rebuilt binary or an edited rule file never
reads an older run. Without the variable (pytest run by hand) each test makes its own run, as before.
"""
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path


def _tree_stamp(folder):
    """Each file under `folder` with its size and time, in order (empty when there is no folder)."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    out = []
    for f in sorted(folder.rglob("*")):
        if f.is_file():
            st = f.stat()
            out.append((str(f), st.st_size, st.st_mtime_ns))
    return out


def _run_key(rulecheck, root, args, env):
    texts = env.get("RULECHECK_RULE_TEXTS") or str(Path(root).resolve().parent / "shared" / "rules")
    st = os.stat(rulecheck)
    stamp = {"args": list(args), "binary": [str(Path(rulecheck).resolve()), st.st_size, st.st_mtime_ns],
             "rules": _tree_stamp(Path(root) / "rules"), "texts": _tree_stamp(texts),
             "env": {k: env.get(k) for k in ("RULECHECK_RULE_TEXTS", "RULECHECK_HOME")}}
    return hashlib.sha256(json.dumps(stamp, sort_keys=True).encode()).hexdigest()[:24]


def shared_run(rulecheck, root, name, args, out_dir, env=None, timeout=900):
    """Runs `rulecheck *args` (where "{out}" in args stands for `out_dir`, which the run writes) once per
    ctest run, or each time when run by hand; returns a CompletedProcess whose files are in `out_dir`.
    `out_dir` is filled from the shared run's folder: a test may change its copy, never the shared one."""
    env = dict(os.environ if env is None else env)
    shared = os.environ.get("RULECHECK_TEST_SHARED")

    def make(into):
        argv = [rulecheck, *[str(into) if a == "{out}" else a for a in args]]
        return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env=env)

    if not shared:
        return make(out_dir)
    base = Path(shared) / name
    base.mkdir(parents=True, exist_ok=True)
    key = _run_key(rulecheck, root, args, env)
    with open(base / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = base / key
        if not (done / "result.json").is_file():
            for old in base.iterdir():  # earlier builds' runs of this command
                if old.is_dir():
                    shutil.rmtree(old, ignore_errors=True)
            (done / "out").mkdir(parents=True)
            p = make(done / "out")
            (done / "result.json").write_text(json.dumps({"args": p.args, "returncode": p.returncode,
                                                          "stdout": p.stdout, "stderr": p.stderr}))
        result = json.loads((done / "result.json").read_text())
    shutil.copytree(done / "out", out_dir, dirs_exist_ok=True)
    # The shared run wrote its own folder's path wherever it names its output folder: the test's copy says its own.
    stdout = result["stdout"].replace(str(done / "out"), str(out_dir))
    return subprocess.CompletedProcess(result["args"], result["returncode"], stdout, result["stderr"])
