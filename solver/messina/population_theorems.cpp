// The theorems of the placings of new units and their conversions, over the relation of
// population_relation.cpp built for any board (section_theorems.hpp): the same relation the membership
// checks of `place` and `convert` build over the board asked about (population.cpp). Each claim reads
// only the state before and after: the faction's Disaffected, Spare and Located tokens and its pieces
// at every space. Each is asked for either faction kind under both readings of
// messina.home-defence-spare, with every action the relation takes: any Workers, Civilians on the map
// and onto cards, Civilians from Disaffected tokens and conversions, at any spaces (functions over them).
#include <fmt/format.h>

#include "solver/messina/board.hpp"
#include "solver/messina/open_army.hpp"
#include "solver/messina/population_relation.hpp"
#include "solver/messina/section_theorems.hpp"

namespace rulecheck::solver::messina {

namespace {

using R = ms::Readings;

// The pieces' effect, for every action at once: placings (Civilians the most of them) and conversions.
constexpr const char* kPieces = "messina.population.placement.civilians";

// The action over any board: what it places and converts at each space, a function each.
struct OpenPlacings {
  std::vector<z3::func_decl> counts;
  explicit OpenPlacings(z3::context& c, const z3::sort& space) {
    for (const char* name : {"workers_placed", "civilians_placed", "civilians_onto_card", "civilians_from_disaffected",
                             "civilians_to_workers", "workers_to_civilians", "infantry_to_workers"})
      counts.push_back(c.function(name, space, c.int_sort()));
  }
  Placings view() const {
    auto of = [](const z3::func_decl& d) { return [d](const Where& w) { return d(w.term); }; };
    return {of(counts[0]), of(counts[1]), of(counts[2]), of(counts[3]), of(counts[4]), of(counts[5]), of(counts[6])};
  }
  z3::expr not_negative(const Where& w) const {
    z3::expr ok = w.term.ctx().bool_val(true);
    for (const auto& d : counts) ok = ok && d(w.term) >= 0;
    return ok;
  }
};

// One question's board: the state before, the action, the state after, the relation between them.
struct Board {
  Spaces spaces;
  std::array<int, 5> per;
  Mat before, after;
  OpenArmy army, army_after;
  OpenPlacings act;
  PopulationRelation relation;
  z3::expr backed_before, backed_after, placed;

  Board(z3::context& c, const ms::Rules& relation_rules, ms::FactionKind kind)
      : spaces(Spaces::open(c)),
        per(tokens_per_unit_kind(relation_rules.numbers, kind)),
        before(mat_named(c, "")),
        after(mat_named(c, "_after")),
        army(c, spaces.sort(), "units"),
        army_after(c, spaces.sort(), "units_after"),
        act(c, spaces.sort()),
        relation(population_relation(spaces, kind, before, army.view(), act.view(), after, army_after.view(),
                                     relation_rules, "", kPieces)),
        backed_before(spaces.total("backed", [a = army.view(), p = per](const Where& w) { return backed_at(a, w, p); })),
        backed_after(
            spaces.total("backed_after", [a = army_after.view(), p = per](const Where& w) { return backed_at(a, w, p); })),
        // The tokens the placings at a space take, whichever pool: the claims' own reading of
        // messina.population.tokens (a Worker one, a Civilian its kind's).
        placed(spaces.total("tokens_placed", [x = act.view(), c = per[0]](const Where& w) {
          return x.workers(w) + c * (x.civilians(w) + x.onto_card(w) + x.from_disaffected(w));
        })) {}

  // What the state format says of the state before (counts not negative, the Located tokens backing the
  // pieces: messina.population.located), the action's counts not negative, and the facts of finite sums.
  z3::expr premises() const {
    return before.spare >= 0 && before.disaffected >= 0 && before.located == backed_before &&
           spaces.each([&](const Where& w) { return not_negative(army.view(), w) && act.not_negative(w); }) &&
           spaces.sum_facts();
  }
  // Vacuity (a): the format's counts not negative and each card within its limit.
  z3::expr reachable(const ms::Ruleset& n) const {
    return before.spare >= 0 && before.disaffected >= 0 && before.located >= 0 && spaces.each([&](const Where& w) {
             z3::expr on_card = w.term.ctx().int_val(0);
             for (std::size_t k = 0; k < ms::kUnitKinds.size(); ++k) on_card = on_card + army.view().card(w, k);
             return not_negative(army.view(), w) && on_card <= n.stacking_card;
           });
  }
  z3::expr pool(const Mat& m) const { return m.disaffected + m.spare + m.located; }
};

using Claim = std::function<z3::expr(const Board&)>;

std::function<std::vector<Ask>(z3::context&, const ms::Rules&, const RuleEdit<ms::Rules>&)> ask_every_case(
    Claim claim) {
  return [claim](z3::context& c, const ms::Rules& rules, const RuleEdit<ms::Rules>& edit) {
    std::vector<Ask> out;
    for (auto kind : {ms::FactionKind::human, ms::FactionKind::ai})
      for (auto spare : {R::HomeDefenceSpare::either_source, R::HomeDefenceSpare::spare_required}) {
        ms::Rules case_rules = rules;
        case_rules.readings.home_defence_spare = spare;
        const Board b(c, relation_rules(edit, case_rules), kind);
        Ask a{fmt::format("placings and conversions by a {} faction, home-defence-spare {}",
                          kind == ms::FactionKind::human ? "human" : "AI",
                          spare == R::HomeDefenceSpare::either_source ? "either-source" : "spare-required"),
              b.premises(), b.relation.all(), claim(b), b.placed > 0};
        a.reachable = b.reachable(case_rules.numbers);
        out.push_back(std::move(a));
      }
    return out;
  };
}

MessinaTheorem theorem(std::string id, std::string claim, std::vector<std::string> clauses, Claim holds) {
  MessinaTheorem t;
  t.id = std::move(id);
  t.claim = std::move(claim);
  t.covers =
      "boards of any size (spaces an uninterpreted sort), any counts; the actions place and convert: Workers placed "
      "in an Industry Action, Civilians placed before orders on the map and onto cards, Civilians placed in home "
      "defence from Spare and Disaffected tokens, conversions Civilian to Worker, Worker to Civilian and Infantry to "
      "Worker, any number of each at any spaces; a human faction and the AI; both readings of "
      "messina.home-defence-spare (4 questions); totals over the spaces with the facts of finite sums";
  t.clauses = std::move(clauses);
  t.exercised_words = "a token is placed";
  t.asks = ask_every_case(std::move(holds));
  return t;
}

}  // namespace

std::vector<MessinaTheorem> population_theorems() {
  std::vector<MessinaTheorem> out;
  out.push_back(theorem("messina.population.placement-keeps-token-total",
                        "a placing or conversion never changes the faction's Disaffected + Spare + Located tokens",
                        {"messina.population.placement.spare-to-located"},
                        [](const Board& b) { return b.pool(b.after) == b.pool(b.before); }));
  out.push_back(theorem("messina.population.placement-spare-not-negative",
                        "after a placing or conversion the faction has no negative Spare or Disaffected tokens",
                        {"messina.population.placement.spare-required",
                         "messina.population.placement.spare-to-located"},
                        [](const Board& b) { return b.after.spare >= 0 && b.after.disaffected >= 0; }));
  out.push_back(theorem(
      "messina.population.placement-located-backs-units",
      "after a placing or conversion the faction's Located tokens still equal the tokens its units (map and cards) "
      "and Workers everywhere stand for",
      {"messina.population.placement.spare-to-located", "messina.population.interconversion",
       "messina.population.backing", "messina.population.placement.civilians"},
      [](const Board& b) { return b.after.located == b.backed_after; }));
  return out;
}

}  // namespace rulecheck::solver::messina
