// Known deviations (`--known FILE`, docs/known-deviations.md): an engine's failures its authors
// already know of, each with a reason and an optional link, like test262's expectations files and
// Bowtie's skips. A failing case that an entry matches is reported `known`, not failed. At the end each
// entry is matched (with its count), not reached (no case matched it, and the run does not cover it),
// or stale (no case matched it though the run covers it). A run covers a scenario entry when it is a
// corpus run that had the engine answer one of the entry's scenarios on the entry's target; it covers a
// signature entry (a kind of failure, found on whichever board) only under --require-known, where the
// user asserts the run shows it. Fuzz's generated cases cover no entry by themselves.
//
//     {"known": [{"signature": "scythe action move | /state/pending/encounters/* | scythe.move.encounter-stop",
//                 "reason": "Speed moves ignore encounters", "link": "https://..."},
//                {"scenario": "scythe/move/speed-*", "target": "my-engine", "reason": "..."}]}
//
// The schema is protocol/schema/known.schema.json.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "harness/case_result.hpp"
#include "harness/known_tally.hpp"

namespace rulecheck {

struct KnownEntry {
  std::string signature;  // a failure's signature, exactly (harness/signature.hpp)
  std::string scenario;   // or a scenario id, or a glob of ids
  std::string target;     // only on this target (an engine's hello name; "" any)
  std::string reason;
  std::string link;
  std::string pointer;  // where it is in its file ("/known/2")
};

class KnownDeviations {
 public:
  KnownDeviations() = default;
  // Reads and checks a known-deviations file; throws InputError whose message names the file and the
  // JSON pointer of what is wrong.
  static KnownDeviations read(const std::filesystem::path& file);

  // A failed case that an entry matches becomes `known` (with the entry's reason and link); returns
  // whether it did. Safe to call from several threads at once. It counts nothing (a fuzz run asks the
  // engine about shrink candidates too): tally() counts the cases a run reports.
  bool mark(CaseResult& r) const;

  // Counts a case the run reports (after mark()): the entry it matched, and, when `corpus` (a `run` of
  // scenario files), the scenario entries whose scenarios the engine answered. Thread-safe.
  void tally(const CaseResult& r, bool corpus) const;

  // Each entry's count and status, in file order. `require_known`: the user asserts the run shows every
  // entry (--require-known), so one that matched nothing is stale. `complete`: the run judged every case
  // it was to run (not interrupted, not stopped early); an incomplete run calls nothing stale.
  std::vector<KnownTally> tallies(bool require_known, bool complete) const;

  // The stale ones of tallies(), each in one line ("FILE at /known/2 (signature ...): why").
  std::vector<std::string> stale(bool require_known, bool complete) const;

  const std::filesystem::path& file() const { return file_; }
  std::size_t size() const { return entries_.size(); }

 private:
  bool matches(const KnownEntry& e, const CaseResult& r) const;
  // Files each entry under its signature, its exact scenario id, or the globs (read once, so that
  // marking a case looks up two lists and the globs, not every entry).
  void index_entries();
  // The first entry in file order that matches `r`; entries_.size() when none does.
  std::size_t first_match(const CaseResult& r) const;

  std::filesystem::path file_;
  std::vector<KnownEntry> entries_;
  // Whether `r` covers entry `i`: a scenario entry, on its target, one of its scenarios, answered, and
  // not a failure an earlier entry took.
  bool covers(std::size_t i, const CaseResult& r) const;
  std::string describe(const KnownEntry& e) const;

  std::unique_ptr<std::mutex> lock_ = std::make_unique<std::mutex>();  // guards the counts below
  mutable std::vector<std::size_t> matched_, covering_;  // per entry
  mutable std::size_t answered_ = 0;                     // answered cases, every target
  mutable std::unordered_map<std::string, std::size_t> answered_on_;  // by target
  std::unordered_map<std::string, std::vector<std::size_t>> by_signature_, by_id_;  // entry numbers, in order
  std::vector<std::size_t> globs_;  // entries whose scenario is a glob, in order
};

}  // namespace rulecheck
