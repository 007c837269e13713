// Known deviations (`--known FILE`, docs/known-deviations.md): an engine's failures its authors
// already know of, each with a reason and an optional link, like test262's expectations files and
// Bowtie's skips. A failing case that an entry matches is reported `known`, not failed; an entry that
// matched nothing by the end of a run is reported stale.
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
  // whether it did. Safe to call from several threads at once.
  bool mark(CaseResult& r) const;

  // The entries that matched no case so far, each described in one line ("/known/2 (signature ...)").
  std::vector<std::string> stale() const;

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
  std::unique_ptr<std::mutex> lock_ = std::make_unique<std::mutex>();  // guards matched_
  mutable std::vector<std::size_t> matched_;  // per entry
  std::unordered_map<std::string, std::vector<std::size_t>> by_signature_, by_id_;  // entry numbers, in order
  std::vector<std::size_t> globs_;  // entries whose scenario is a glob, in order
};

}  // namespace rulecheck
