// Messina at the JSON edge: states, actions, queries, the ruleset and the readings in; canonical
// JSON out. This file is the validator of docs/formats.md (strict fields, types, pointers in
// every error) and the Game that registers Messina with the harness.
#include "games/messina/adapter.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "common/json_io.hpp"
#include "games/adapter.hpp"
#include "games/solver_records.hpp"
#include "games/messina/action_names.hpp"
#include "games/messina/rules_read.hpp"
#include "games/messina/state_from_text.hpp"
#include "games/messina/state_read.hpp"
#include "games/messina/state_text.hpp"
#include "games/messina/step_json.hpp"
#include "games/messina/wording.hpp"
#include "oracle/messina/oracle.hpp"
#include "solver/messina/literal.hpp"
#include "solver/messina/solver.hpp"

namespace rulecheck::messina {

namespace {

// ---------------------------------------------------------------- name tables of the formats

// ---------------------------------------------------------------- writing a state (canonical)

// `key` whole: an id with an embedded NUL (outside text) is kept exact, never cut there.
void put_count(json& j, const std::string& key, int value) {
  if (value != 0) j[key] = value;
}

json write_faction(const Faction& f) {
  json fj = json::object();
  fj["kind"] = name_in(kFactionKindNames, f.kind);
  fj["home"] = f.home;
  json pop = json::object();
  put_count(pop, "disaffected", f.population.disaffected);
  put_count(pop, "spare", f.population.spare);
  put_count(pop, "located", f.population.located);
  if (!pop.empty()) fj["population"] = std::move(pop);
  put_count(fj, "dead", f.dead);
  json res = json::object();
  put_count(res, "food", f.resources.food);
  put_count(res, "water", f.resources.water);
  put_count(res, "energy", f.resources.energy);
  if (!res.empty()) fj["resources"] = std::move(res);
  json consents = json::object();
  for (const auto& [ally, acts] : f.consents) {
    if (acts.empty()) continue;
    std::vector<std::string> names;
    for (Activity a : acts) names.emplace_back(activity_name(a));
    std::sort(names.begin(), names.end());
    consents[ally] = std::move(names);
  }
  if (!consents.empty()) fj["consents"] = std::move(consents);
  return fj;
}

json write_space(const Space& sp) {
  json sj = json::object();
  std::vector<std::string> adjacent = sp.adjacent;
  std::sort(adjacent.begin(), adjacent.end());
  if (!adjacent.empty()) sj["adjacent"] = std::move(adjacent);
  json units = json::object();
  for (const auto& [owner, counts] : sp.units)
    if (!counts.empty()) units[owner] = write_unit_counts(counts);
  if (!units.empty()) sj["units"] = std::move(units);
  if (!sp.utilities.empty()) {
    json list = json::array();
    for (const auto& u : sp.utilities) {
      json uj = {{"owner", u.owner}};
      put_count(uj, "workers", u.workers);
      json guests = json::object();
      for (const auto& [guest, n] : u.guests) put_count(guests, guest, n);
      if (!guests.empty()) uj["guests"] = std::move(guests);
      list.push_back(std::move(uj));
    }
    sj["utilities"] = std::move(list);
  }
  auto shield_json = [](const Shield& sh) { return json{{"owner", sh.owner}, {"level", sh.level}}; };
  if (sp.shields.size() == 1) sj["shield"] = shield_json(sp.shields.front());
  if (sp.shields.size() > 1) {
    json list = json::array();
    for (const auto& sh : sp.shields) list.push_back(shield_json(sh));
    sj["shields"] = std::move(list);
  }
  return sj;
}

json write_state(const State& s) {
  json j = json::object();
  j["round"] = s.round;
  if (s.phase != Phase::unspecified) j["phase"] = std::string(phase_name(s.phase));
  if (s.battle) j["battle"] = *s.battle;
  json& factions = j["factions"] = json::object();
  for (const auto& [id, f] : s.factions) factions[id] = write_faction(f);
  json& spaces = j["spaces"] = json::object();
  for (const auto& [id, sp] : s.spaces) spaces[id] = write_space(sp);
  if (!s.cards.empty()) {
    json& cards = j["cards"] = json::object();
    for (const auto& [id, c] : s.cards) {
      json cj = {{"holder", c.holder}, {"exposed", c.exposed}};
      if (!c.units.empty()) cj["units"] = write_unit_counts(c.units);
      cards[id] = std::move(cj);
    }
  }
  return j;
}


// ---------------------------------------------------------------- names actions and queries use

// Names in actions must refer to what the state declares; otherwise the action is malformed.
struct Refs {
  const State& state;
  FactionId faction(const JsonReader& r) const { return declared_id(r, state.factions, "faction", "/factions"); }
  SpaceId space(const JsonReader& r) const { return declared_id(r, state.spaces, "space", "/spaces"); }
  SpaceId card(const JsonReader& r) const { return declared_id(r, state.cards, "Location Card", "/cards"); }
  Where where(const JsonReader& r) const {
    const bool at = r.has("at"), on_card = r.has("card");
    if (at == on_card) r.fail("give exactly one of \"at\" (a map space) or \"card\" (a Location Card)");
    return on_card ? Where{card(r.field("card")), true} : Where{space(r.field("at")), false};
  }
  static int count(const JsonReader& r) {
    auto c = r.optional("count");
    return c ? c->integer(1) : 1;
  }
  PieceCount piece_count(const JsonReader& r, bool allow_worker) const {
    r.only({"at", "card", "unit", "count"});
    return PieceCount{where(r), unit_kind(r.field("unit"), allow_worker), count(r)};
  }
  std::vector<PieceCount> piece_counts(const JsonReader& r, const char* key, bool allow_worker) const {
    std::vector<PieceCount> out;
    if (auto list = r.optional(key))
      for (const auto& e : list->elements()) out.push_back(piece_count(e, allow_worker));
    return out;
  }
  ShieldOp shield_op(const JsonReader& r) const {
    r.only({"at", "card", "op"});
    return ShieldOp{where(r), r.field("op").named(kShieldOpNames)};
  }
  static Piece unit_kind(const JsonReader& r, bool allow_worker) {
    return allow_worker ? r.named(kPieceNames) : r.named(kUnitNames);
  }
};

// ---------------------------------------------------------------- actions: one reader each

Action read_consume(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "disband"});
  return Consume{refs.faction(r.field("faction")), refs.piece_counts(r, "disband", true)};
}

Action read_place(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "when", "placements"});
  Place p;
  p.faction = refs.faction(r.field("faction"));
  p.when = r.field("when").named(kPlacementTimeNames);
  for (const auto& e : r.field("placements").elements()) {
    e.only({"at", "card", "unit", "count", "from", "utility"});
    Placement pl;
    pl.what = PieceCount{refs.where(e), Refs::unit_kind(e.field("unit"), true), Refs::count(e)};
    if (auto from = e.optional("from")) pl.from = from->named(kTokenSourceNames);
    if (auto u = e.optional("utility")) {
      if (pl.what.piece != Piece::worker)
        u->fail("\"utility\" names the Utility a Worker occupies; this placement is not a Worker");
      pl.utility = refs.faction(*u);
    }
    p.placements.push_back(pl);
  }
  return p;
}

Action read_convert(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "at", "from", "to", "count", "utility"});
  Convert c{refs.faction(r.field("faction")),
            refs.space(r.field("at")),
            Refs::unit_kind(r.field("from"), true),
            Refs::unit_kind(r.field("to"), true),
            Refs::count(r),
            std::nullopt};
  if (auto u = r.optional("utility")) {
    if (c.to != Piece::worker)
      u->fail("\"utility\" names the Utility a new Worker occupies; this conversion makes no Worker");
    c.utility = refs.faction(*u);
  }
  return c;
}

Action read_release(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "at", "card", "unit", "count"});
  return Release{refs.faction(r.field("faction")),
                 PieceCount{refs.where(r), Refs::unit_kind(r.field("unit"), true), Refs::count(r)}};
}

Action read_muster(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "builds", "equip", "shields", "disband"});
  Muster m;
  m.faction = refs.faction(r.field("faction"));
  m.builds = refs.piece_counts(r, "builds", true);
  if (auto eq = r.optional("equip"))
    for (const auto& e : eq->elements()) {
      e.only({"at", "card", "count"});
      m.equip.push_back(Equip{refs.where(e), Refs::count(e)});
    }
  if (auto sh = r.optional("shields"))
    for (const auto& e : sh->elements()) m.shields.push_back(refs.shield_op(e));
  m.disband = refs.piece_counts(r, "disband", true);
  return m;
}

Action read_rearm(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "shield"});
  Rearm a{refs.faction(r.field("faction")), {}};
  const JsonReader shield = r.field("shield");
  if (shield.node().is_array())
    for (const auto& e : shield.elements()) a.shields.push_back(refs.shield_op(e));
  else
    a.shields.push_back(refs.shield_op(shield));
  return a;
}

Action read_expose(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "card"});
  return Expose{refs.faction(r.field("faction")), refs.card(r.field("card"))};
}

Action read_hide(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "card"});
  return Hide{refs.faction(r.field("faction")), refs.card(r.field("card"))};
}

Transfer read_transfer_of(const JsonReader& r, const Refs& refs, const FactionId& faction) {
  return Transfer{faction, refs.card(r.field("card")), read_unit_counts(r.field("units"))};
}

Action read_transfer(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "card", "units"});
  return read_transfer_of(r, refs, refs.faction(r.field("faction")));
}

Action read_end_exploration(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "discard", "transfers"});
  EndExploration e;
  e.faction = refs.faction(r.field("faction"));
  if (auto d = r.optional("discard"))
    for (const auto& c : d->elements()) e.discard.push_back(refs.card(c));
  if (auto ts = r.optional("transfers"))
    for (const auto& t : ts->elements()) {
      t.only({"card", "units"});
      e.transfers.push_back(read_transfer_of(t, refs, e.faction));
    }
  return e;
}

using ActionReader = Action (*)(const JsonReader&, const Refs&);
constexpr NameTable<ActionReader, 10> kActionReaders = {{{&read_consume, "consume"},
                                                         {&read_place, "place"},
                                                         {&read_convert, "convert"},
                                                         {&read_release, "release"},
                                                         {&read_muster, "muster"},
                                                         {&read_rearm, "rearm"},
                                                         {&read_expose, "expose"},
                                                         {&read_hide, "hide"},
                                                         {&read_transfer, "transfer"},
                                                         {&read_end_exploration, "end-exploration"}}};

// ---------------------------------------------------------------- queries: one reader each

Query read_friendly_area(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "purpose"});
  return FriendlyAreaQuery{refs.faction(r.field("faction")), r.field("purpose").named(kActivityNames)};
}

Query read_hostile(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "at"});
  return HostileQuery{refs.faction(r.field("faction")), refs.space(r.field("at"))};
}

Query read_must_expose(const JsonReader& r, const Refs& refs) {
  r.only({"type", "faction", "card", "situation"});
  return MustExposeQuery{refs.faction(r.field("faction")), refs.card(r.field("card")),
                         r.field("situation").named(kExposureSituationNames)};
}

Query read_tie_break(const JsonReader& r, const Refs& refs) {
  r.only({"type", "at", "sides"});
  TieBreakQuery q{refs.space(r.field("at")), {}};
  for (const auto& s : r.field("sides").elements()) {
    FactionId side = refs.faction(s);
    if (std::find(q.sides.begin(), q.sides.end(), side) != q.sides.end())
      s.fail(fmt::format("the side \"{}\" is named twice: a battle's sides are distinct factions", side));
    q.sides.push_back(std::move(side));
  }
  return q;
}

Query read_bombable(const JsonReader& r, const Refs& refs) {
  r.only({"type", "card"});
  return BombableQuery{refs.card(r.field("card"))};
}

Query read_support_cut(const JsonReader& r, const Refs& refs) {
  r.only({"type", "card", "by"});
  return SupportCutQuery{refs.card(r.field("card")), r.field("by").named(kSupportCutterNames)};
}

using QueryReader = Query (*)(const JsonReader&, const Refs&);
constexpr NameTable<QueryReader, 6> kQueryReaders = {{{&read_friendly_area, "friendly-area"},
                                                      {&read_hostile, "hostile"},
                                                      {&read_must_expose, "must-expose"},
                                                      {&read_tie_break, "tie-break"},
                                                      {&read_bombable, "bombable"},
                                                      {&read_support_cut, "support-cut"}}};

// ---------------------------------------------------------------- the edge the adapter binds

struct MessinaEdge {
  static constexpr std::string_view kName = "messina";
  using State = messina::State;
  using Action = messina::Action;
  using Rules = messina::Rules;

  static Rules bind(const JsonReader& ruleset, const JsonReader& readings) {
    return read_rules(ruleset, readings);
  }
  static State read_state(const JsonReader& r) { return messina::read_state(r); }
  static std::optional<State> read_state_text(std::string_view text) { return messina::read_state_text(text); }
  static void validate(const Rules& rules, const State& s) { messina::validate(rules.numbers, s); }
  static InvariantBreaks reachability_breaks(const Rules& rules, const State& s) {
    return messina::reachability_breaks(rules, s);
  }
  static json write_state(const State& s) { return messina::write_state(s); }
  static bool write_state_text(const State& s, std::string& out) { return messina::write_state_text(s, out); }
  static Action read_action(const JsonReader& r, const State& s) {
    r.expect_object();
    return r.field("type").named(kActionReaders)(r, Refs{s});
  }
  static State apply(const Rules& rules, const State& s, const Action& a) { return messina::apply(rules, s, a); }
  static json query(const Rules& rules, const State& s, const JsonReader& r) {
    r.expect_object();
    return write_answer(answer(rules, s, read_query(r, s)));
  }
  static Query read_query(const JsonReader& r, const State& s) {
    r.expect_object();
    return r.field("type").named(kQueryReaders)(r, Refs{s});
  }
  static OutcomeCheck check_action(const Rules& rules, const State& s, const Action& a,
                                   const std::optional<State>& after, const std::string& claimed_rule,
                                   unsigned rlimit) {
    return solver::messina::check_action(rules, s, a, after, claimed_rule, solver::Budget{rlimit});
  }
  static OutcomeCheck check_only_next_state(const Rules& rules, const State& s, const Action& a, const State& after,
                                            unsigned rlimit) {
    return solver::messina::check_only_next_state(rules, s, a, after, solver::Budget{rlimit});
  }
  static OutcomeCheck check_query(const Rules& rules, const State& s, const JsonReader& r, const json& claimed,
                                  unsigned rlimit) {
    const Query q = read_query(r, s);
    const auto answer = read_claimed_answer(q, claimed);
    if (!answer) return OutcomeCheck{Membership::forbidden, {}, "the claimed result has the wrong type for this query"};
    return solver::messina::check_query(rules, s, q, *answer, solver::Budget{rlimit});
  }
  static json prove(const Rules& rules, unsigned rlimit) {
    return proof_records("messina", solver::messina::prove(rules, solver::Budget{rlimit}), write_state, write_step);
  }
  static json prove_strength(const Rules& rules, unsigned rlimit) {
    return strength_records("messina", solver::messina::prove_with_strength(rules, solver::Budget{rlimit}),
                            write_state, write_step);
  }
  static json ambiguities(const Rules& rules, unsigned rlimit, LiteralSearch literal,
                          const std::set<std::string>& clause_ids) {
    const bool literal_search = literal != LiteralSearch::skip;
    auto found = solver::messina::ambiguities(rules, solver::Budget{rlimit}, literal_search);
    if (literal_search) {  // the discovery from the words alone (solver/messina/discovery.hpp)
      const solver::messina::SourceIndex sources = discovery_sources(clause_ids);
      for (auto& w : solver::messina::discover_consumption(rules, sources, solver::Budget{rlimit}))
        found.push_back(std::move(w));
      if (literal == LiteralSearch::full)  // about 20 s of CPU: only when asked (ambiguities --full)
        for (auto& w : solver::messina::discover_muster(rules, sources, solver::Budget{rlimit}))
          found.push_back(std::move(w));
      solver::fold_refindings(found);
    }
    return with_words(witness_records("messina", found, write_state, write_step, write_answer), messina_words());
  }
  static json contradictions(const Rules& encoded, const Rules& stated, unsigned rlimit) {
    const auto c = solver::messina::contradictions(encoded, stated.numbers, solver::Budget{rlimit});
    json found = json::array();
    for (const auto& x : c.found)
      found.push_back({{"probe", x.probe}, {"title", x.title}, {"clauses", x.clauses}, {"note", x.note}});
    json out{{"game", "messina"}, {"status", c.status}, {"scope", c.scope}, {"probes", c.probes}, {"found", found}};
    if (!c.why.empty()) out["reason"] = c.why;
    return out;
  }
  static json edit_witnesses(const Rules& base, const Rules& edited, unsigned rlimit) {
    return edit_records("messina", solver::messina::edit_witnesses(base, edited, solver::Budget{rlimit}), write_state,
                        write_step, write_answer);
  }
};

}  // namespace

const Game& messina_game() {
  static const GameOf<MessinaEdge> game;
  return game;
}

}  // namespace rulecheck::messina
