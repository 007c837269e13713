"""What both games share: outcomes, field helpers, the canonical state and the Rules base class.

The interpretation points and their readings (rules/<game>/interpretations.json) live here too:
every Rules object reads the request's reading of a point through `Rules.reading`.
"""

import json

# The default reading of every interpretation point (rules/<game>/interpretations.json).  Every
# other listed reading is implemented too: hello declares them all, the default first, and each
# request's "interpretations" says which one to follow.
DEFAULT_READINGS = {
    "messina.card-hostility": "exposed-only",
    "messina.friendly-area-extent": "friendly-component",
    "messina.home-space-anchor": "always",
    "messina.civilian-stacking": "applies",
    "messina.stacking-scope": "all-factions",
    "messina.hostile-workers": "units-include-workers",
    "scythe.vacated-workers": "any-unit",
    "messina.shield-high-tech": "units-only",
    "scythe.stop-path": "must-end",
    "messina.consumption-bill": "all-tokens",
    "messina.hand-limit-discard": "exactly-excess",
    "messina.discard-emptying": "stacking-binds",
    "messina.step3-card-units": "map-and-cards",
    "messina.tie-break-ally": "holder-only",
    "scythe.carried-workers": "not-a-move",
    "scythe.units-per-move": "no-cap",
    "scythe.worker-blocking": "control",
    "messina.action-moments": "outside-mil-ops",
    "messina.build-disband": "builds-and-equip",
    "messina.equip-built-civilians": "at-start",
    "messina.disband-built-units": "at-start",
    "messina.over-limit-card": "map-only",
    "messina.shield-consent": "build",
    "messina.civilian-consent": "civilians",
    "messina.card-in-area": "connected",
    "messina.high-tech-home": "own",
    "messina.worker-utility": "own",
    "messina.shield-per-space": "one-per-space",
    "messina.shield-upgrade-area": "friendly-area",
    "messina.home-defence-spare": "either-source",
}

KNOWN_READINGS = {
    "messina.card-hostility": {"exposed-only", "held"},
    "messina.friendly-area-extent": {"friendly-component", "with-frontier"},
    "messina.home-space-anchor": {"always", "if-friendly"},
    "messina.civilian-stacking": {"applies", "muster-phase-only"},
    "messina.stacking-scope": {"all-factions", "per-faction"},
    "messina.hostile-workers": {"units-include-workers", "military-units-only"},
    "scythe.vacated-workers": {"any-unit", "no-workers"},
    "messina.shield-high-tech": {"units-only", "shields-too"},
    "scythe.stop-path": {"must-end", "truncate"},
    "messina.consumption-bill": {"all-tokens", "excluding-disaffected"},
    "messina.hand-limit-discard": {"exactly-excess", "more-when-over", "any-number"},
    "messina.discard-emptying": {"stacking-binds", "overrides-stacking"},
    "messina.step3-card-units": {"map-and-cards", "map-only"},
    "messina.tie-break-ally": {"holder-only", "military-ally"},
    "scythe.carried-workers": {"not-a-move", "counts-as-move"},
    "scythe.units-per-move": {"no-cap", "ruleset-cap"},
    "scythe.worker-blocking": {"control", "presence"},
    "messina.action-moments": {"outside-mil-ops", "unplaced"},
    "messina.build-disband": {"builds-and-equip", "builds-only", "move-or-convert"},
    "messina.equip-built-civilians": {"at-start", "built-too"},
    "messina.disband-built-units": {"at-start", "built-too"},
    "messina.over-limit-card": {"map-only", "card-too"},
    "messina.shield-consent": {"build", "muster"},
    "messina.civilian-consent": {"civilians", "muster"},
    "messina.card-in-area": {"connected", "every-held-card"},
    "messina.high-tech-home": {"own", "consenting-ally"},
    "messina.worker-utility": {"own", "friendly"},
    "messina.shield-per-space": {"one-per-space", "one-per-faction"},
    "messina.shield-upgrade-area": {"friendly-area", "anywhere"},
    "messina.home-defence-spare": {"either-source", "spare-required"},
}


# --------------------------------------------------------------------------------------------
# Outcomes and small helpers
# --------------------------------------------------------------------------------------------

class Illegal(Exception):
    """The action breaks a rule; `rule` is the clause id that forbids it."""

    def __init__(self, rule):
        super().__init__(rule)
        self.rule = rule


class BadRequest(Exception):
    """The request (or its state) is malformed: answered with {"error": ...}."""


class Unsupported(Exception):
    """Something this engine does not implement: answered with {"unsupported": ...}."""


def require(condition, rule):
    if not condition:
        raise Illegal(rule)


def field(obj, key, where):
    """obj[key], or a BadRequest naming the JSON pointer of the missing field."""
    if not isinstance(obj, dict):
        raise BadRequest(f"{where}: expected an object")
    if key not in obj:
        raise BadRequest(f"{where}/{key}: missing")
    return obj[key]


def count_of(entry, where):
    """The `count` of an entry (default 1), a non-negative integer."""
    n = entry.get("count", 1)
    if type(n) is not int or n < 0:
        raise BadRequest(f"{where}/count: must be a non-negative integer")
    return n


def get_count(counts, key):
    if not counts:
        return 0
    return counts.get(key, 0)


def add_count(counts, key, n):
    counts[key] = counts.get(key, 0) + n


def _prune(value):
    """Canonical form in place: drop zero counts and empty objects/lists.  Returns the value."""
    if isinstance(value, dict):
        for k in list(value):
            v = _prune(value[k])
            if (type(v) is int and v == 0) or (isinstance(v, (dict, list)) and not v):
                del value[k]
    elif isinstance(value, list):
        for i, v in enumerate(value):
            value[i] = _prune(v)
    return value


# Top-level maps whose members are kept even when empty (a space is declared by its key).
KEEP_MEMBERS = ("spaces", "territories", "factions", "cards")


def canonical_state(state):
    for k in list(state):
        v = state[k]
        if k in KEEP_MEMBERS and isinstance(v, dict):
            for member in v.values():
                _prune(member)
            if not v:
                del state[k]
        else:
            v = _prune(v)
            if (type(v) is int and v == 0) or (isinstance(v, (dict, list)) and not v):
                del state[k]
    return state


def dumps(obj):
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


class Rules:
    """What both games share: the request's state, ruleset and interpretation readings."""

    GAME = None

    def __init__(self, state, ruleset, interpretations):
        if not isinstance(state, dict):
            raise BadRequest("/state: expected an object")
        if not isinstance(ruleset, dict):
            raise BadRequest("/ruleset: expected an object")
        if not isinstance(interpretations, dict):
            raise BadRequest("/interpretations: expected an object")
        self.s = state
        self.rs = ruleset
        self.interp = interpretations

    def reading(self, point):
        r = self.interp.get(point, DEFAULT_READINGS[point])
        if r not in KNOWN_READINGS[point]:
            raise Unsupported(f"reading {r!r} of interpretation point {point}")
        return r

    def number(self, key):
        if key not in self.rs:
            raise BadRequest(f"/ruleset/{key}: missing")
        return self.rs[key]

    # Dispatch: action "type" -> method act_<type>, query "type" -> method ask_<type>.
    # The state is the request's own freshly parsed object, so it is the working copy: apply
    # checks and changes it in place (no copy at all) and returns it in canonical form.  An
    # illegal action may leave it half-changed, which is harmless: only the clause is answered.
    def apply(self, action):
        kind = field(action, "type", "/action")
        method = getattr(self, "act_" + str(kind).replace("-", "_"), None)
        if method is None:
            raise Unsupported(f"{self.GAME} action type {kind!r}")
        self.validate()
        method(action)
        return canonical_state(self.s)

    def query(self, query):
        kind = field(query, "type", "/query")
        method = getattr(self, "ask_" + str(kind).replace("-", "_"), None)
        if method is None:
            raise Unsupported(f"{self.GAME} query type {kind!r}")
        self.validate()
        return method(query)

    def validate(self):
        pass
