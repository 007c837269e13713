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
    for (const auto& item : r.field("known").elements()) {
      item.expect_object().only({"signature", "scenario", "target", "reason", "link"});
      KnownEntry e;
      e.pointer = item.at();
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
  return out;
}

bool KnownDeviations::matches(const KnownEntry& e, const CaseResult& r) const {
  if (!e.target.empty() && e.target != r.target) return false;
  if (!e.signature.empty()) return e.signature == r.signature;
  return glob_match(e.scenario, r.id);
}

bool KnownDeviations::mark(CaseResult& r) const {
  if (r.verdict != Verdict::fail) return false;  // a dispute is rulecheck's bug, never an engine's known one
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const KnownEntry& e = entries_[i];
    if (!matches(e, r)) continue;
    {
      const std::lock_guard<std::mutex> hold(*lock_);
      ++matched_[i];
    }
    r.verdict = Verdict::known;
    r.known_reason = e.reason;
    r.known_link = e.link;
    return true;
  }
  return false;
}

std::vector<std::string> KnownDeviations::stale() const {
  const std::lock_guard<std::mutex> hold(*lock_);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (matched_[i]) continue;
    const KnownEntry& e = entries_[i];
    out.push_back(fmt::format("{} at {} ({} \"{}\"{}): matched no case", file_.string(), e.pointer,
                              e.signature.empty() ? "scenario" : "signature",
                              e.signature.empty() ? e.scenario : e.signature,
                              e.target.empty() ? "" : fmt::format(", target \"{}\"", e.target)));
  }
  return out;
}

}  // namespace rulecheck
