"""What the Python test scripts share: the tally (each check passes or is recorded with its detail,
and the closing line is the plain 'N passed, N failed' that ctest logs and CI read), and reading
JSON files strictly."""
import json
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


class DuplicateKeys(ValueError):
    pass


def no_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            # The C++ reader rejects duplicate keys; Python's json would silently keep the last.
            raise DuplicateKeys(f'the key "{key}" appears twice in the same object')
        seen[key] = value
    return seen


def load_json(path):
    """Reads a JSON file the way rulecheck does: a key given twice is an error."""
    with open(path, encoding="utf-8") as f:
        return json.load(f, object_pairs_hook=no_duplicates)
