// Scythe's state read from a JSON value: the validator of docs/formats.md for states (strict
// fields, types, a pointer in every error). games/scythe/state_from_text.cpp reads the same from the
// text, giving up where this would report an error.
#include "games/scythe/state_read.hpp"

#include <fmt/format.h>

#include "games/adapter.hpp"

namespace rulecheck::scythe {

namespace {

UnitCounts read_units(const JsonReader& r) {
  const auto given = r.only_fields(kUnitFields);
  UnitCounts u;
  for (std::size_t i = 0; i < kUnits.size(); ++i)
    if (given[i]) u[kUnits[i]] = given[i]->count();
  return u;
}

}  // namespace

State read_state(const JsonReader& r) {
  r.expect_object().only({"factions", "territories", "pending"});
  State s;
  for (const auto& [id, f] : r.field("factions").members()) {
    f.only({"popularity", "home_base"});
    s.factions[id] = Faction{f.count_or("popularity", 0), f.field("home_base").string()};
  }
  const auto territories = r.field("territories").members();
  if (territories.size() > kMaxSpaces)
    r.field("territories")
        .fail(fmt::format("{} territories: rulecheck reads boards of at most {}", territories.size(), kMaxSpaces));
  for (const auto& [id, t] : territories) {
    static constexpr std::string_view kFields[] = {"adjacent",  "home_base", "terrain",   "units",
                                                   "structure", "encounter", "resources", "held_by"};
    const auto [adj, h, tr, u, st, e, res, held] = t.only_fields(kFields);
    Territory terr;
    if (adj) terr.adjacent = adj->strings();
    if (h) terr.home_base = h->string();
    if (tr) terr.terrain = tr->one_of({"farm", "forest", "mountain", "tundra", "village", "lake", "factory", "home-base"});
    if (u)
      for (const auto& [owner, counts] : u->members()) terr.units[owner] = read_units(counts);
    if (st) {
      st->only({"owner", "kind"});
      terr.structure =
          Structure{st->field("owner").string(), st->field("kind").one_of({"mill", "mine", "armory", "monument"})};
    }
    if (e) terr.encounter = e->boolean();
    if (res) {
      res->only({"food", "wood", "metal", "oil"});
      for (const auto& [kind, n] : res->members())
        if (int c = n.count(); c > 0) terr.resources[kind] = c;
    }
    if (held) terr.held_by = held->string();
    s.territories[id] = std::move(terr);
  }
  if (auto p = r.optional("pending")) {
    p->only({"combats", "encounters"});
    if (auto c = p->optional("combats")) s.pending_combats = c->strings();
    if (auto e = p->optional("encounters")) s.pending_encounters = e->strings();
  }
  return s;
}

}  // namespace rulecheck::scythe
