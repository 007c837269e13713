"""The tally the Python test scripts share: each check passes or is recorded with its detail, and
the closing line is the plain 'N passed, N failed' that ctest logs and CI read."""
import sys


class Checks:
    def __init__(self):
        self.passed = 0
        self.failures = []

    def __call__(self, name, ok, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failures.append(f"{name}: {detail}")

    def finish(self):
        for f in self.failures:
            print("FAIL", f)
        print(f"{self.passed} passed, {len(self.failures)} failed")
        sys.exit(1 if self.failures else 0)
