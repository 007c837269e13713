// The Friendly Area page as one relation (solver/messina/friendly_relation.cpp) and its theorems
// (friendly_theorems.cpp): each proved and not vacuous; each refuted when one tagged constraint is
// replaced by a misreading of the page it was not written against (issue 32's list); the clauses the
// page's design rests on protected by the generic mutants (section_strength, no rule mutants).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "solver/messina/friendly_relation.hpp"
#include "solver/messina/section_theorems.hpp"

namespace rulecheck::solver::messina {
namespace {

using R = ms::Readings;

ms::Rules default_rules() {
  ms::Rules r;
  r.readings = R{};
  return r;
}

MessinaTheorem theorem(const std::string& id) {
  for (auto& t : friendly_theorems())
    if (t.id == id) return t;
  ADD_FAILURE() << "no theorem " << id;
  return {};
}

// `theorem`'s questions (those whose case names `only`) asked with each relation passed through `edit`.
ProofStatus asked_with(const std::string& id, const std::function<Constraints(const FriendlyBoard&, Constraints)>& edit,
                       const std::string& only = "") {
  z3::context ctx;
  const FriendlyBoard b(ctx);  // the same symbols as the questions' (same names, same context)
  const MessinaTheorem t = theorem(id);
  std::vector<Ask> asks;
  for (auto& a : t.asks(ctx, default_rules(), nullptr))
    if (a.name.find(only) != std::string::npos) asks.push_back(a);
  EXPECT_FALSE(asks.empty()) << id << " has no question under " << only;
  const Decided d =
      ask_questions(ctx, asks, Budget{}, /*check_vacuity=*/false, [&](const Constraints& r) { return edit(b, r); });
  return d.status;
}

constexpr const char* kWorkersExposed = "units-include-workers, exposed-only";

// The `ordinal`-th constraint tagged `clause` replaced by `formula`.
Constraints replaced(Constraints r, const std::string& clause, std::size_t ordinal, const z3::expr& formula) {
  std::size_t seen = 0;
  for (Named& n : r)
    if (n.clause == clause && seen++ == ordinal) {
      n.formula = formula;
      return r;
    }
  ADD_FAILURE() << "no constraint " << ordinal << " of " << clause;
  return r;
}

// messina.friendly.hostile's first constraint and messina.friendly.empty-structures read with
// `makes` for what makes a space hostile (`g` opposing at `s`).
Constraints hostile_by(const FriendlyBoard& b, Constraints r,
                       const std::function<z3::expr(const z3::expr& g, const z3::expr& s)>& makes) {
  const z3::expr s = b.c.constant("s", b.space), g = b.c.constant("g", b.faction);
  const z3::expr opposing = g != b.f && !b.consents_military(g, b.f);
  r = replaced(std::move(r), "messina.friendly.hostile", 0,
               z3::forall(s, g, z3::implies(opposing && makes(g, s), b.hostile(s))));
  return replaced(std::move(r), "messina.friendly.empty-structures", 0,
                  z3::forall(s, z3::implies(b.hostile(s), z3::exists(g, opposing && makes(g, s)))));
}

// Relation order (friendly_relation.cpp): hostility, then the one Friendly Area a question reads
// (the Muster's, or the military one), four constraints tagged messina.friendly.area (start, reach,
// least, extent) and one messina.friendly.consent.
constexpr std::size_t kAreaPerPurpose = 4, kLeast = 2;
constexpr const char* kMusterQuestions = "a Muster (";

TEST(FriendlyTheorems, EachIsProvedAndNotVacuous) {
  const auto theorems = friendly_theorems();
  ASSERT_EQ(theorems.size(), 5u);
  const auto records = theorem_records<ms::State, Step>(theorems, default_rules(), Budget{});
  for (const auto& p : records) {
    std::cout << "  " << p.id << ": " << proof_status_name(p.status) << " " << p.detail << "\n";
    // Fails with refuted if the relation did not give the claim, unknown ("vacuous") if no question
    // has a board where the action does what the claim is about.
    EXPECT_EQ(p.status, ProofStatus::proved) << p.id << ": " << p.detail;
  }
}

TEST(FriendlyTheorems, AnAreaThatIsNotLeastIsRefuted) {
  // The military area's leastness dropped: any set closed under reach passes for the area, so a space
  // no chain from a Home Space reaches can be in it.
  auto drop_least = [](const FriendlyBoard& b, Constraints r) {
    return replaced(std::move(r), "messina.friendly.area", kLeast, b.c.bool_val(true));
  };
  EXPECT_EQ(asked_with("messina.friendly.military-area-reached-avoiding-hostile", drop_least), ProofStatus::refuted);
}

TEST(FriendlyTheorems, AnAreaOfEveryFriendlySpaceIsRefuted) {
  // The mustering area read as every friendly space, reached or not: a Muster may then build in a
  // friendly space cut off from every Home Space.
  auto every_friendly = [](const FriendlyBoard& b, Constraints r) {
    const z3::expr s = b.c.constant("s", b.space);
    for (std::size_t i = 0; i < kAreaPerPurpose; ++i)
      r = replaced(std::move(r), "messina.friendly.area", i,
                   i == 0 ? z3::forall(s, b.area_muster(s) == b.friendly_muster(s)) : b.c.bool_val(true));
    return r;
  };
  EXPECT_EQ(asked_with("messina.friendly.placing-only-where-reached", every_friendly, kMusterQuestions),
            ProofStatus::refuted);
}

TEST(FriendlyTheorems, AFaceDownCardMadeHostileIsRefuted) {
  // Under exposed-only (the default) a hidden card held by an opposing faction made hostile too: the
  // military area loses a reached space whose only opposing element is that card.
  auto hidden_hostile = [](const FriendlyBoard& b, Constraints r) {
    return hostile_by(b, std::move(r), [&b](const z3::expr& g, const z3::expr& s) {
      return b.units(g, s) > 0 || b.workers(g, s) > 0 || b.holds(g, s);  // held, exposed or not
    });
  };
  EXPECT_EQ(asked_with("messina.friendly.military-area-takes-every-reached-space", hidden_hostile, kWorkersExposed),
            ProofStatus::refuted);
  // The same edit under the held reading is the text: still proved.
  EXPECT_EQ(asked_with("messina.friendly.military-area-takes-every-reached-space", hidden_hostile,
                       "units-include-workers, held"),
            ProofStatus::proved);
}

TEST(FriendlyTheorems, ConsentForAnyPurposeIsRefuted) {
  // An ally's consent to any activity counted for mustering: a Muster may then build where only a
  // militarily consenting ally has something, a space no chain of mustering-friendly spaces reaches.
  auto any_consent = [](const FriendlyBoard& b, Constraints r) {
    const z3::expr g = b.c.constant("g", b.faction);
    return replaced(std::move(r), "messina.friendly.consent", 0,
                    z3::forall(g, b.counts_muster(g) == (g == b.f || b.consents_muster(g, b.f) ||
                                                         b.consents_civilians(g, b.f) || b.consents_military(g, b.f))));
  };
  EXPECT_EQ(asked_with("messina.friendly.placing-only-where-reached", any_consent, kMusterQuestions),
            ProofStatus::refuted);
}

TEST(FriendlyTheorems, AMixedSpaceUnfriendlyForMusteringIsRefuted) {
  // Opposing units read as making a space unfriendly for mustering too.
  auto mixed_unfriendly = [](const FriendlyBoard& b, Constraints r) {
    const z3::expr s = b.c.constant("s", b.space);
    return replaced(std::move(r), "messina.friendly.mixed", 0,
                    z3::forall(s, z3::implies(b.hostile(s), !b.friendly_muster(s))));
  };
  EXPECT_EQ(asked_with("messina.friendly.mixed-space-next-to-mustering-area-in-it", mixed_unfriendly, kMusterQuestions),
            ProofStatus::refuted);
}

TEST(FriendlyTheorems, StructuresMadeHostileAreRefuted) {
  // An opposing Utility or Shield read as making a space hostile.
  auto structures_hostile = [](const FriendlyBoard& b, Constraints r) {
    return hostile_by(b, std::move(r), [&b](const z3::expr& g, const z3::expr& s) {
      return b.units(g, s) > 0 || b.workers(g, s) > 0 || (b.holds(g, s) && b.exposed(s)) || b.utility(g, s) ||
             b.shield(g, s);
    });
  };
  EXPECT_EQ(asked_with("messina.friendly.structures-never-hostile", structures_hostile, kWorkersExposed),
            ProofStatus::refuted);
  EXPECT_EQ(asked_with("messina.friendly.military-area-takes-every-reached-space", structures_hostile, kWorkersExposed),
            ProofStatus::refuted);
}

TEST(FriendlyTheorems, TheClausesThePageRestsOnAreProtected) {
  const auto theorems = friendly_theorems();
  // Each is proved (EachIsProvedAndNotVacuous); its record marked so here, not asked again. The mutants
  // are asked within a small budget: a kill is a model Z3 finds quickly, a mutant it cannot decide
  // there is undecided, never killed.
  std::vector<MessinaProof> records;
  for (const auto& t : theorems) {
    records.push_back(proof_of<ms::State, Step>(t.id, t.claim, t.clauses, ProofScope{true, t.covers}));
    records.back().status = ProofStatus::proved;
  }
  const auto sources = section_strength<ms::State, Step>(theorems, default_rules(), {}, records, Budget{2'000'000});
  int mutants = 0, equivalent = 0, survived = 0, undecided = 0, protected_ = 0;
  for (const auto& s : sources) {
    mutants += s.mutants, equivalent += s.equivalent, survived += static_cast<int>(s.survived.size());
    undecided += static_cast<int>(s.undecided.size());
    protected_ += s.killed_by.empty() ? 0 : 1;
    std::cout << "  " << s.source << ": " << s.mutants << " mutants, " << s.equivalent << " equivalent, killed by "
              << s.killed_by.size() << " theorems, " << s.survived.size() << " survived\n";
    for (const auto& m : s.survived) std::cout << "    survived: " << m << "\n";
  }
  std::cout << "  " << mutants << " mutants, " << survived << " survived, " << undecided << " undecided, " << equivalent
            << " equivalent, " << protected_ << "/" << sources.size() << " clauses protected\n";
  // Each fails (no theorem kills a mutant of it) if the theorems only restated a definition.
  for (const char* clause : {"messina.friendly.area", "messina.friendly.space", "messina.friendly.hostile",
                             "messina.friendly.empty-structures", "messina.friendly.mixed", "messina.friendly.consent",
                             "messina.muster.friendly-area", "messina.population.placement.friendly-area"}) {
    const auto s = std::find_if(sources.begin(), sources.end(), [&](const auto& x) { return x.source == clause; });
    ASSERT_NE(s, sources.end()) << clause;
    EXPECT_FALSE(s->killed_by.empty()) << clause << " is protected by no theorem";
  }
}

}  // namespace
}  // namespace rulecheck::solver::messina
