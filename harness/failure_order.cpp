#include "harness/failure_order.hpp"

#include <algorithm>
#include <span>

#include "harness/signature.hpp"

namespace rulecheck {

namespace {

// Scythe (docs/formats.md, "How the Scythe oracle decides"): units and what lies on the territories
// first; then the board itself (which a move never changes); then what follows from where the units
// stand: control shared in a combat (held_by), what waits after the moves (pending combats and
// encounters), and popularity, which a faction loses for each worker sent home.
constexpr std::string_view kScytheCausalOrder[] = {
    "/state/territories/*/units",     "/state/territories/*/structure",
    "/state/territories/*/encounter", "/state/territories/*/resources",
    "/state/territories/*/adjacent",  "/state/territories/*/home_base",
    "/state/territories/*/terrain",   "/state/factions/*/home_base",
    "/state/territories/*/held_by",   "/state/pending",
    "/state/factions/*/popularity",   "/state/factions",
};

// Messina (docs/formats.md, "How the Messina oracle decides"): units on spaces, workers and guests in
// utilities, the cards (who holds them, what stands on them, whether exposed) and the shields; then
// the board; then the resources (the tokens a Consumption pays, before what its shortfall causes);
// then the counts that follow: dead, the population (located follows the units placed), consents;
// then the battle, the round and the phase the moment is at.
constexpr std::string_view kMessinaCausalOrder[] = {
    "/state/spaces/*/units",
    "/state/spaces/*/utilities",
    "/state/cards/*/holder",
    "/state/cards/*/units",
    "/state/cards/*/exposed",
    "/state/spaces/*/shield",
    "/state/spaces/*/shields",
    "/state/spaces/*/adjacent",
    "/state/factions/*/kind",
    "/state/factions/*/home",
    "/state/factions/*/resources",
    "/state/factions/*/dead",
    "/state/factions/*/population",
    "/state/factions/*/consents",
    "/state/battle",
    "/state/round",
    "/state/phase",
};

std::span<const std::string_view> causal_order(std::string_view game) {
  if (game == "scythe") return kScytheCausalOrder;
  if (game == "messina") return kMessinaCausalOrder;
  return {};
}

bool falls_under(std::string_view path, std::string_view entry) {
  return path.substr(0, entry.size()) == entry && (path.size() == entry.size() || path[entry.size()] == '/');
}

// Facets: within `clause`, the oracle's reason containing `words` is the facet `facet`.
struct Facet {
  std::string_view game, clause, words, facet;
};
constexpr Facet kFacets[] = {
    // oracle/scythe/movement.cpp: "cannot move by itself out of ..." (move_one), "... into ..."
    // (require_worker_may_enter): the one clause forbids both.
    {"scythe", "scythe.move.worker-blocked-by-combat-units", "by itself out of ", "leaving"},
    {"scythe", "scythe.move.worker-blocked-by-combat-units", "by itself into ", "entering"},
};

}  // namespace

std::size_t causal_rank(std::string_view game, std::string_view folded_path) {
  const auto order = causal_order(game);
  for (std::size_t i = 0; i < order.size(); ++i)
    if (falls_under(folded_path, order[i])) return i;
  return order.size();
}

void order_by_cause(std::vector<Difference>& differences, std::string_view game, const std::set<std::string>& names) {
  std::vector<std::pair<std::size_t, Difference>> ranked;
  ranked.reserve(differences.size());
  for (auto& d : differences) ranked.emplace_back(causal_rank(game, fold_pointer(d.path, names)), std::move(d));
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < ranked.size(); ++i) differences[i] = std::move(ranked[i].second);
}

std::string_view clause_facet(std::string_view game, std::string_view clause, std::string_view reason) {
  for (const Facet& f : kFacets)
    if (f.game == game && f.clause == clause && reason.find(f.words) != std::string_view::npos) return f.facet;
  return {};
}

}  // namespace rulecheck
