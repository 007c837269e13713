// Messina's state read from a JSON value: the validator of docs/formats.md for states (strict
// fields, types, a pointer in every error). games/messina/state_from_text.cpp reads the same from
// the text, giving up where this would report an error.
#include "games/messina/state_read.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "games/adapter.hpp"

namespace rulecheck::messina {

UnitCounts read_unit_counts(const JsonReader& r) {
  const auto given = r.only_fields(kUnitFields);
  UnitCounts counts;
  for (std::size_t i = 0; i < kUnitKinds.size(); ++i)
    if (given[i]) counts[kUnitKinds[i]] = given[i]->count();
  return counts;
}

namespace {

// A field only_fields() gave, or the error field() gives when it is absent (null counts as absent).
JsonReader required(const JsonReader& r, const std::optional<JsonReader>& given, std::string_view key) {
  return given ? *given : r.field(key);
}

// Each object is read in one pass over its fields (only_fields), with the errors only() and optional()
// give, in the same order as before: an unknown field first, then each field in the order written here.
Faction read_faction(const JsonReader& r) {
  static constexpr std::string_view kFields[] = {"kind", "home", "population", "dead", "resources", "consents"};
  const auto [kind, home, population, dead, resources, consents] = r.only_fields(kFields);
  Faction f;
  f.kind = required(r, kind, "kind").named(kFactionKindNames);
  f.home = required(r, home, "home").strings();
  if (population) {
    static constexpr std::string_view kPopulation[] = {"disaffected", "spare", "located"};
    const auto [disaffected, spare, located] = population->only_fields(kPopulation);
    f.population = {disaffected ? disaffected->count() : 0, spare ? spare->count() : 0,
                    located ? located->count() : 0};
  }
  f.dead = dead ? dead->count() : 0;
  if (resources) {
    static constexpr std::string_view kResources[] = {"food", "water", "energy"};
    const auto [food, water, energy] = resources->only_fields(kResources);
    f.resources = {food ? food->count() : 0, water ? water->count() : 0, energy ? energy->count() : 0};
  }
  if (consents)
    for (const auto& [ally, list] : consents->members())
      for (const auto& a : list.elements()) f.consents[ally].insert(a.named(kActivityNames));
  return f;
}

Space read_space(const JsonReader& r) {
  static constexpr std::string_view kFields[] = {"adjacent", "units", "utilities", "shield", "shields"};
  const auto [adj, units, utilities, shield, shields] = r.only_fields(kFields);
  Space s;
  if (adj) s.adjacent = adj->strings();
  if (units)
    for (const auto& [owner, counts] : units->members()) s.units[owner] = read_unit_counts(counts);
  if (utilities)
    for (const auto& e : utilities->elements()) {
      e.only({"owner", "workers", "guests"});
      Utility utility{e.field("owner").string(), e.count_or("workers", 0)};
      if (auto g = e.optional("guests"))
        for (const auto& [guest, n] : g->members()) utility.guests[guest] = n.count();
      s.utilities.push_back(utility);
    }
  // One Shield as "shield", several (one per owner) as "shields"; never both.
  auto read_shield = [](const JsonReader& sh) {
    sh.only({"owner", "level"});
    return Shield{sh.field("owner").string(), sh.optional("level") ? sh.field("level").integer(1) : 1};
  };
  if (shield && shields) r.fail("give either \"shield\" (one) or \"shields\" (a list), not both");
  if (shield) s.shields.push_back(read_shield(*shield));
  if (shields)
    for (const auto& e : shields->elements()) s.shields.push_back(read_shield(e));
  std::sort(s.shields.begin(), s.shields.end(), [](const Shield& a, const Shield& b) { return a.owner < b.owner; });
  return s;
}

LocationCard read_card(const JsonReader& r) {
  static constexpr std::string_view kFields[] = {"holder", "exposed", "units"};
  const auto [holder, exposed, units] = r.only_fields(kFields);
  LocationCard card;
  card.holder = required(r, holder, "holder").string();
  card.exposed = exposed ? exposed->boolean() : false;
  if (units) card.units = read_unit_counts(*units);
  return card;
}

}  // namespace

State read_state(const JsonReader& r) {
  r.expect_object().only({"round", "phase", "battle", "factions", "spaces", "cards"});
  State s;
  s.round = r.field("round").integer(1);
  if (auto p = r.optional("phase")) s.phase = p->named(kPhaseNames);
  if (auto b = r.optional("battle")) s.battle = b->string();
  for (const auto& [id, f] : r.field("factions").members()) s.factions[id] = read_faction(f);
  const auto spaces = r.field("spaces").members();
  if (spaces.size() > kMaxSpaces)
    r.field("spaces").fail(fmt::format("{} spaces: rulecheck reads boards of at most {}", spaces.size(), kMaxSpaces));
  for (const auto& [id, sp] : spaces) s.spaces[id] = read_space(sp);
  if (auto c = r.optional("cards"))
    for (const auto& [id, card] : c->members()) s.cards[id] = read_card(card);
  return s;
}

}  // namespace rulecheck::messina
