#include "harness/known.hpp"

#include <fnmatch.h>

#include <fmt/format.h>

#include "common/text.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/json_reader.hpp"

namespace rulecheck {

KnownDeviations KnownDeviations::read(const std::filesystem::path& file) {
  KnownDeviations out;
  out.file_ = file;
  json doc;
  try {
    doc = read_json_file(file);
  } catch (const InputError& e) {
    const std::string what = e.what();
    if (what.rfind(file.string(), 0) == 0) throw;  // it names the file already
    throw InputError(e.pointer(), fmt::format("{} at {}: {}", file.string(), e.pointer().empty() ? "/" : e.pointer(),
                                              what));
  }
  try {
    const JsonReader r(doc, "");
    r.expect_object().only({"known"});
    const auto items = r.field("known").elements();
    for (std::size_t i = 0; i < items.size(); ++i) {
      const JsonReader& item = items[i];
      item.expect_object().only({"signature", "scenario", "target", "reason", "link"});
      KnownEntry e;
      e.pointer = fmt::format("/known/{}", i);  // not item.at(), which finds it by walking the document
      const auto signature = item.optional("signature"), scenario = item.optional("scenario");
      if (signature.has_value() == scenario.has_value())
        item.fail("an entry names exactly one of \"signature\" (a failure's signature, as reports print it) or "
                  "\"scenario\" (a scenario id, or a glob of ids)");
      if (signature) e.signature = signature->string();
      if (scenario) e.scenario = scenario->string();
      if (signature && e.signature.empty()) signature->fail("a signature is not empty");
      if (scenario && e.scenario.empty()) scenario->fail("a scenario id or glob is not empty");
      if (auto t = item.optional("target")) e.target = t->string();
      e.reason = item.field("reason").string();
      if (e.reason.empty()) item.field("reason").fail("say why the deviation is known (one line)");
      if (auto l = item.optional("link")) e.link = l->string();
      out.entries_.push_back(std::move(e));
    }
  } catch (const InputError& e) {
    throw InputError(e.pointer(), fmt::format("{} at {}: {}", file.string(), e.pointer().empty() ? "/" : e.pointer(),
                                              e.what()));
  }
  out.matched_.assign(out.entries_.size(), 0);
  out.covering_.assign(out.entries_.size(), 0);
  out.index_entries();
  return out;
}

namespace {

// Whether fnmatch (flags 0) reads anything in `pattern` but itself: without these it matches only
// the same text (glob_match's NUL-separated pieces included).
bool is_glob(const std::string& pattern) { return pattern.find_first_of("*?[\\") != std::string::npos; }

}  // namespace

void KnownDeviations::index_entries() {
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const KnownEntry& e = entries_[i];
    if (!e.signature.empty())
      by_signature_[e.signature].push_back(i);
    else if (!is_glob(e.scenario))
      by_id_[e.scenario].push_back(i);
    else
      globs_.push_back(i);
  }
}

std::size_t KnownDeviations::first_match(const CaseResult& r) const {
  std::size_t first = entries_.size();
  // Each list is in file order: its first entry that matches is its earliest.
  const auto first_of = [&](const std::vector<std::size_t>& list) {
    for (std::size_t i : list) {
      if (i >= first) return;
      if (matches(entries_[i], r)) {
        first = i;
        return;
      }
    }
  };
  if (const auto it = by_signature_.find(r.signature); it != by_signature_.end()) first_of(it->second);
  if (const auto it = by_id_.find(r.id); it != by_id_.end()) first_of(it->second);
  first_of(globs_);
  return first;
}

bool KnownDeviations::matches(const KnownEntry& e, const CaseResult& r) const {
  if (!e.target.empty() && e.target != r.target) return false;
  if (!e.signature.empty()) return e.signature == r.signature;
  return glob_match(e.scenario, r.id);
}

bool KnownDeviations::mark(CaseResult& r) const {
  if (r.verdict != Verdict::fail) return false;  // a dispute is rulecheck's bug, never an engine's known one
  const std::size_t i = first_match(r);
  if (i == entries_.size()) return false;
  const KnownEntry& e = entries_[i];
  r.verdict = Verdict::known;
  r.known_reason = e.reason;
  r.known_link = e.link;
  return true;
}

std::string_view known_status_name(KnownStatus s) {
  switch (s) {
    case KnownStatus::matched: return "matched";
    case KnownStatus::not_reached: return "not reached";
    case KnownStatus::stale: return "stale";
  }
  return "?";
}

bool KnownDeviations::covers(std::size_t i, const CaseResult& r) const {
  const KnownEntry& e = entries_[i];
  if (!e.signature.empty() || (!e.target.empty() && e.target != r.target)) return false;
  if (!engine_answered(r) || !glob_match(e.scenario, r.id)) return false;
  // Judged by the rules against the engine's answer; a dispute is rulecheck's bug and says nothing of it.
  if (r.verdict == Verdict::known) return first_match(r) == i;  // a failure an earlier entry took hides it
  return r.verdict == Verdict::pass || r.verdict == Verdict::fail || r.verdict == Verdict::alternative;
}

void KnownDeviations::tally(const CaseResult& r, bool corpus) const {
  if (!engine_answered(r)) return;
  const std::size_t matched = r.verdict == Verdict::known ? first_match(r) : entries_.size();
  std::vector<std::size_t> covered;
  if (corpus) {
    if (const auto it = by_id_.find(r.id); it != by_id_.end())
      for (std::size_t i : it->second)
        if (covers(i, r)) covered.push_back(i);
    for (std::size_t i : globs_)
      if (covers(i, r)) covered.push_back(i);
  }
  const std::lock_guard<std::mutex> hold(*lock_);
  ++answered_;
  ++answered_on_[r.target];
  if (matched < entries_.size()) ++matched_[matched];
  for (std::size_t i : covered) ++covering_[i];
}

std::string KnownDeviations::describe(const KnownEntry& e) const {
  return fmt::format("{} at {} ({} \"{}\"{})", file_.string(), e.pointer, e.signature.empty() ? "scenario" : "signature",
                     e.signature.empty() ? e.scenario : e.signature,
                     e.target.empty() ? "" : fmt::format(", target \"{}\"", e.target));
}

std::vector<KnownTally> KnownDeviations::tallies(bool require_known, bool complete) const {
  const std::lock_guard<std::mutex> hold(*lock_);
  std::vector<KnownTally> out;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const KnownEntry& e = entries_[i];
    KnownTally t;
    t.entry = describe(e);
    t.pointer = e.pointer;
    t.matched = matched_[i];
    t.covering = covering_[i];
    if (e.target.empty()) {
      t.cases = answered_;
    } else if (const auto it = answered_on_.find(e.target); it != answered_on_.end()) {
      t.cases = it->second;
    }
    const std::string on = e.target.empty() ? "" : fmt::format(" on \"{}\"", e.target);
    if (t.matched) {
      t.status = KnownStatus::matched;
      t.why = fmt::format("matched {} case(s)", t.matched);
    } else if (complete && t.covering) {
      t.status = KnownStatus::stale;
      t.why = fmt::format("the engine answered its scenario(s) in {} case(s){} and none failed: the deviation "
                          "is gone (remove the entry) or the entry no longer matches it",
                          t.covering, on);
    } else if (complete && require_known) {
      t.status = KnownStatus::stale;
      t.why = fmt::format("matched none of {} answered case(s){}, and --require-known says this run shows it",
                          t.cases, on);
    } else {
      t.status = KnownStatus::not_reached;
      const char* because = !complete             ? " (the run did not finish: nothing is called stale)"
                            : e.signature.empty() ? " (the engine answered no corpus case of its scenario(s))"
                                                  : " (only --require-known makes a signature entry stale)";
      t.why = fmt::format("not reached in {} case(s){}{}", t.cases, on, because);
    }
    out.push_back(std::move(t));
  }
  return out;
}

std::vector<std::string> KnownDeviations::stale(bool require_known, bool complete) const {
  std::vector<std::string> out;
  for (const auto& t : tallies(require_known, complete))
    if (t.status == KnownStatus::stale) out.push_back(t.entry + ": " + t.why);
  return out;
}

}  // namespace rulecheck
