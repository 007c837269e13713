// Scythe's three queries asked of the movement model (solver/scythe/queries.cpp): on boards worked out by
// hand from the movement text, the answer the text forces is allowed, and the answer a misreading gives
// is forbidden, naming the clause it breaks. The oracle's answer on the same board is checked against the
// hand-worked one too, so that the two encodings and the hand agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "games/registry.hpp"
#include "support.hpp"

namespace rulecheck::solver::scythe {
namespace {

using json = nlohmann::json;
using rulecheck::testing::bind;

constexpr unsigned kRlimit = 5'000'000;

// HB-red - A - B - HB-blue in a line; B's units, structure and holder as each test sets them.
json board(const json& b_units, const json& structure = nullptr, const json& held_by = nullptr) {
  json s = json::parse(R"({
    "factions": {"red": {"popularity": 5, "home_base": "HB-red"}, "blue": {"popularity": 5, "home_base": "HB-blue"}},
    "territories": {
      "HB-red": {"adjacent": ["A"], "home_base": "red"},
      "HB-blue": {"adjacent": ["B"], "home_base": "blue"},
      "A": {"adjacent": ["B", "HB-red"], "terrain": "farm"},
      "B": {"adjacent": ["A", "HB-blue"], "terrain": "forest"}
    }})");
  if (!b_units.empty()) s["territories"]["B"]["units"] = b_units;
  if (!structure.is_null()) s["territories"]["B"]["structure"] = structure;
  if (!held_by.is_null()) {
    s["territories"]["B"]["held_by"] = held_by;
    s["pending"] = {{"combats", {"B"}}};
  }
  return s;
}

json controller_at_b() { return {{"type", "controller"}, {"at", "B"}}; }
json mill_at_b() { return {{"type", "mill-produces"}, {"at", "B"}}; }
json bonus_at_b(const std::string& faction) { return {{"type", "structure-bonus"}, {"at", "B"}, {"faction", faction}}; }

OutcomeCheck check(const json& state, const json& query, const json& claimed) {
  return bind("scythe")->check_outcome(state, query, true, {{"result", claimed}}, kRlimit);
}

bool names(const OutcomeCheck& c, const std::string& clause) {
  return std::find(c.clauses.begin(), c.clauses.end(), clause) != c.clauses.end();
}

// The hand-worked answer: the oracle gives it, the model allows it, and the model forbids `misread`
// by `clause`.
void expect_forced(const json& state, const json& query, const json& answer, const json& misread,
                   const std::string& clause) {
  EXPECT_EQ(bind("scythe")->query(state, query), answer) << "the oracle on " << query;
  const OutcomeCheck right = check(state, query, answer);
  EXPECT_EQ(right.membership, Membership::allowed) << right.why;
  const OutcomeCheck wrong = check(state, query, misread);
  EXPECT_EQ(wrong.membership, Membership::forbidden) << wrong.why;
  EXPECT_TRUE(names(wrong, clause)) << clause << " not among the clauses: " << wrong.why;
}

// ---- who controls a territory

// Blue's mill alone on B, a red worker walked in: "any unit" may enter a territory only a structure
// controls, and its player "now also controls" it (scythe.move.structure-capture): red. The misreading
// "a structure's owner controls its territory whatever stands there" answers blue.
TEST(ScytheQueries, AUnitOnAnOpponentsStructureGivesItsFactionControl) {
  expect_forced(board({{"red", {{"worker", 1}}}}, {{"owner", "blue"}, {"kind", "mill"}}), controller_at_b(), "red",
                "blue", "scythe.move.structure-capture");
}

// Blue's mill alone on B, no units: the territory is "controlled only by a structure": blue. The misreading
// "nobody controls a territory without units" answers null.
TEST(ScytheQueries, AStructureAloneGivesItsOwnerControl) {
  expect_forced(board(json::object(), {{"owner", "blue"}, {"kind", "mill"}}), controller_at_b(), "blue", nullptr,
                "scythe.move.structure-capture");
}

// A red mech came onto blue's mech on B (a combat waits there): "the opponent still temporarily controls
// that territory" (scythe.move.combat-temporary-control): blue, the holder. The misreading "the mover who
// came in controls it" answers red.
TEST(ScytheQueries, ASharedTerritoryIsTheHoldersUntilTheCombat) {
  expect_forced(board({{"red", {{"mech", 1}}}, {"blue", {{"mech", 1}}}}, nullptr, "blue"), controller_at_b(), "blue",
                "red", "scythe.move.combat-temporary-control");
}

// Nothing on B and no structure: nobody controls it (convention scythe.convention.control-by-units);
// an answer naming a faction is forbidden.
TEST(ScytheQueries, AnEmptyTerritoryHasNoController) {
  expect_forced(board(json::object()), controller_at_b(), nullptr, "blue", "scythe.convention.control-by-units");
}

// ---- whether a mill produces

// Blue's mill on B with a red character alone there: red controls B (scythe.move.structure-capture), an
// opponent of the mill's owner, so "mills on territories controlled by an opponent do not produce"
// (scythe.move.mill-no-produce): false. The misreading "a mill always produces for its owner" answers true.
TEST(ScytheQueries, AMillDoesNotProduceOnATerritoryAnOpponentControls) {
  const json s = board({{"red", {{"character", 1}}}}, {{"owner", "blue"}, {"kind", "mill"}});
  expect_forced(s, mill_at_b(), false, true, "scythe.move.mill-no-produce");
  // Who controls it is part of the reason: the clause that gives red control is named too.
  EXPECT_TRUE(names(check(s, mill_at_b(), true), "scythe.move.structure-capture"));
}

// Blue's mill on B with blue's mech and a red mech that came in (held by blue until the combat): blue still
// controls B (scythe.move.combat-temporary-control), so no opponent controls it and the mill produces:
// true (convention scythe.convention.mill-produces-unless-opponent). The misreading "an opponent's unit on
// the territory stops the mill" answers false, and the clause that keeps blue in control is named.
TEST(ScytheQueries, AMillProducesWhileItsOwnerHoldsASharedTerritory) {
  const json s = board({{"red", {{"mech", 1}}}, {"blue", {{"mech", 1}}}}, {{"owner", "blue"}, {"kind", "mill"}}, "blue");
  expect_forced(s, mill_at_b(), true, false, "scythe.convention.mill-produces-unless-opponent");
  EXPECT_TRUE(names(check(s, mill_at_b(), false), "scythe.move.combat-temporary-control"));
}

// A mine is not a mill: nothing produces (convention scythe.convention.mill-produces-unless-opponent).
TEST(ScytheQueries, NoMillNothingProduces) {
  expect_forced(board({{"blue", {{"worker", 1}}}}, {{"owner", "blue"}, {"kind", "mine"}}), mill_at_b(), false, true,
                "scythe.convention.mill-produces-unless-opponent");
}

// ---- whether a faction gets a structure's bonus

// Blue's armory on B, red's character alone there: red controls B, but "moving onto a territory with an
// opponent's structure does not give you access to the bonuses" (scythe.move.structure-no-bonus): false.
// The misreading "whoever controls the territory gets its structure's bonus" answers true.
TEST(ScytheQueries, ControllingAnOpponentsStructureGivesNoBonus) {
  expect_forced(board({{"red", {{"character", 1}}}}, {{"owner", "blue"}, {"kind", "armory"}}), bonus_at_b("red"), false,
                true, "scythe.move.structure-no-bonus");
}

// The same board asked for blue, the owner: the owner keeps its bonus whoever stands there (convention
// scythe.convention.structure-bonus-to-owner): true. The misreading "the owner loses the bonus while an
// opponent controls the territory" answers false.
TEST(ScytheQueries, TheOwnerKeepsItsStructuresBonus) {
  expect_forced(board({{"red", {{"character", 1}}}}, {{"owner", "blue"}, {"kind", "armory"}}), bonus_at_b("blue"), true,
                false, "scythe.convention.structure-bonus-to-owner");
}

// A claimed answer of the wrong type (a faction for a yes/no question) is never the rules' answer.
TEST(ScytheQueries, AnAnswerOfTheWrongTypeIsForbidden) {
  const json s = board(json::object(), {{"owner", "blue"}, {"kind", "mill"}});
  EXPECT_EQ(check(s, mill_at_b(), "blue").membership, Membership::forbidden);
  EXPECT_EQ(check(s, controller_at_b(), true).membership, Membership::forbidden);
}

}  // namespace
}  // namespace rulecheck::solver::scythe
