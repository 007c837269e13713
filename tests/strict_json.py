"""Reading JSON files strictly, the way rulecheck does: a key given twice in one object is an error
(Python's json would silently keep the last)."""
import json


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


def loads(text):
    """Parses a JSON text; a key given twice is an error."""
    return json.loads(text, object_pairs_hook=no_duplicates)


def load_json(path):
    """Reads a JSON file the way rulecheck does: a key given twice is an error."""
    with open(path, encoding="utf-8") as f:
        return json.load(f, object_pairs_hook=no_duplicates)
