"""What the Python tests share: where the rulecheck binary and the repository are.

    pytest -p no:cacheprovider tests/test_cli.py --rulecheck=PATH --root=PATH

--root is the repository (rules/, scenarios/, examples/); by default the one this file is in.
--rulecheck is the binary under test; by default ROOT/build/cli/rulecheck. Both are fixtures of
the same names (`root` a Path, `rulecheck` the binary's path as a string, as given, since the
reproduce commands rulecheck prints start with it).
"""
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# Engines the tests start (python3 examples/engines/faithful.py, tests/engines/*.py) must not leave
# __pycache__ folders in the source tree either.
os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")


def pytest_addoption(parser):
    group = parser.getgroup("rulecheck")
    group.addoption("--rulecheck", metavar="PATH", default=None,
                    help="the rulecheck binary under test (default: ROOT/build/cli/rulecheck)")
    group.addoption("--root", metavar="PATH", default=None,
                    help=f"the repository root, with rules/ and scenarios/ (default: {REPO})")
    group.addoption("--faithful-cases", metavar="N", type=int, default=5000,
                    help="generated cases the faithful engine must survive in tests/test_fuzz.py (default: 5000)")


def pytest_configure(config):
    # Settle the defaults once, so that collection-time parametrization (the scenario files) and
    # the fixtures agree.
    root = Path(config.getoption("root") or REPO).resolve()
    config.option.root = str(root)
    config.option.rulecheck = config.getoption("rulecheck") or str(root / "build" / "cli" / "rulecheck")


def pytest_report_header(config):
    return [f"rulecheck: {config.getoption('rulecheck')}", f"root: {config.getoption('root')}"]


@pytest.fixture(scope="session")
def root(pytestconfig):
    """The repository root (a Path)."""
    return Path(pytestconfig.getoption("root"))


@pytest.fixture(scope="session")
def rulecheck(pytestconfig):
    """The rulecheck binary under test, as given on the command line."""
    path = pytestconfig.getoption("rulecheck")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no rulecheck binary at {path} (give one with --rulecheck=PATH)", pytrace=False)
    return path
