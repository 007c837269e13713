// `rulecheck report merge`: the JSON-lines results of the parts of a sharded run (or of any runs)
// joined into one report, with no case lost or counted twice.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.hpp"
#include "cli/report_files.hpp"
#include "common/bounded_read.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "common/text.hpp"
#include "harness/corpus.hpp"
#include "harness/interrupt.hpp"
#include "reports/reporter.hpp"

namespace rulecheck::cli {

namespace {

struct MergeOptions {
  std::vector<std::string> files;
  std::string format = "console";
  std::string output_dir;
  bool quiet = false;
};

// What the parts' results hold, joined; `problems` says what keeps the merge from being the whole run.
struct Merged {
  RunInfo info;
  std::vector<CaseResult> cases;
  Summary summary;
  std::vector<std::string> problems;
  std::size_t repeated = 0;  // cases given more than once (each counted once)
};

// What one part says of the run it comes from, to check the parts against each other: one run's
// parts have the same version, corpus, targets and engines, and each holds the cases its header
// announces and its summary counts.
struct PartHeader {
  std::string file;
  std::string tool, version;
  std::vector<std::string> paths, targets;
  json engines = json::array();
  std::map<std::string, std::string> settings;  // the header's "settings": what changes verdicts
  std::size_t cases_announced = 0;  // the header's "cases"
  std::size_t case_lines = 0;       // case lines read (each, repeats included)
  std::optional<std::size_t> total;  // the summary's "total"
  bool has_header = false;
  // The header's "corpus" (every scenario file of the run, sorted) by file -> its number, and its shard.
  std::map<std::string, std::size_t> corpus;
  bool has_corpus = false;
  std::optional<Shard> shard;
  Summary::Counts verdicts{};                         // the case lines', by verdict
  std::optional<Summary::Counts> summary_verdicts;     // the summary's, by verdict
};

// A case line against its part's corpus: its scenario file is one of the corpus's and one the
// part's shard runs. "" when it is.
std::string outside_corpus(const PartHeader& part, const CaseResult& r) {
  if (!part.has_corpus) return "";
  const auto it = part.corpus.find(r.file);
  if (it == part.corpus.end())
    return fmt::format("the case {} names the file {}, which is not in the corpus its header lists", r.id, r.file);
  if (part.shard && !part.shard->holds(it->second))
    return fmt::format("the case {} (file {}) is not one its shard {} runs", r.id, r.file, part.shard->name());
  return "";
}

// One part's results.jsonl: its header, its cases (each kept once), its summary.
void read_part(const std::string& file, Merged& m, std::map<std::pair<std::string, std::string>, std::string>& seen,
               std::map<std::size_t, std::vector<std::size_t>>& shards, PartHeader& part) {
  std::map<std::pair<std::string, std::string>, std::string> files;  // (file, target) -> the case's id
  part.file = valid_utf8(file);
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    m.problems.push_back(fmt::format("{}: cannot be read", valid_utf8(file)));
    return;
  }
  std::string line;
  bool header = false, summary = false;
  // A line held up to kMaxLineBytes (common/bounded_read.hpp), whatever the file is (a link to /dev/zero).
  LineReader lines(in, kMaxLineBytes, /*skip_long=*/false);
  std::size_t number = 0;
  for (LineReader::Got got; (got = lines.next(line)) != LineReader::Got::end;) {
    ++number;
    const std::string where = fmt::format("{} line {}", valid_utf8(file), number);
    if (got == LineReader::Got::too_long) {
      m.problems.push_back(printable(fmt::format("{}: a line over the limit of {} for one line; reading stopped there",
                                                 where, size_text(lines.cap()))));
      return;
    }
    if (line.empty()) continue;
    try {
      const json j = parse_json_strict(line, where);
      const std::string type = j.value("type", "");
      if (type == "header") {
        if (header) throw InputError("", "a second header line: one part is one run's results");
        header = part.has_header = true;
        part.tool = j.value("tool", "");
        part.version = j.value("version", "");
        part.paths = j.value("paths", std::vector<std::string>{});
        part.targets = j.value("targets", std::vector<std::string>{});
        part.engines = j.value("engines", json::array());
        if (j.contains("settings") && !j["settings"].is_object())
          throw InputError("/settings", "the settings are not an object");
        const json settings = j.value("settings", json::object());  // held: items() refers to it
        for (const auto& [key, value] : settings.items())
          part.settings[key] = value.is_string() ? value.get<std::string>() : value.dump();
        if (m.info.settings.empty()) m.info.settings = part.settings;
        part.cases_announced = j.value("cases", std::size_t{0});
        if (j.contains("corpus")) {
          if (!j["corpus"].is_array()) throw InputError("/corpus", "the corpus is not a list of files");
          part.has_corpus = true;
          for (const auto& f : j["corpus"]) {
            if (!f.is_string()) throw InputError("/corpus", "the corpus is not a list of files");
            part.corpus.emplace(f.get<std::string>(), part.corpus.size());
          }
          if (m.info.corpus.empty()) m.info.corpus = j["corpus"].get<std::vector<std::string>>();
        }
        if (m.info.version.empty()) m.info.version = j.value("version", "");
        for (const auto& t : j.value("targets", std::vector<std::string>{}))
          if (std::find(m.info.targets.begin(), m.info.targets.end(), t) == m.info.targets.end())
            m.info.targets.push_back(t);
        for (const auto& p : j.value("paths", std::vector<std::string>{}))
          if (std::find(m.info.paths.begin(), m.info.paths.end(), p) == m.info.paths.end()) m.info.paths.push_back(p);
        m.info.cases += j.value("cases", std::size_t{0});
        for (auto& e : engines_from_jsonl(j))
          if (!find_engine(m.info, e.name)) m.info.engines.push_back(std::move(e));
        if (j.contains("shard") && j["shard"].is_string()) {
          Shard shard;
          try {
            shard = parse_shard(j["shard"].get<std::string>());
          } catch (const InputError& e) {
            throw InputError("/shard", e.what());
          }
          shards[shard.count].push_back(shard.index + 1);
          part.shard = shard;
        }
      } else if (type == "case") {
        if (!header) throw InputError("", "a case line before the header line");
        CaseResult r = case_from_jsonl(j);
        ++part.case_lines;
        ++part.verdicts[static_cast<std::size_t>(r.verdict)];
        if (std::find(part.targets.begin(), part.targets.end(), r.target) == part.targets.end())
          throw InputError("/target", fmt::format("the target \"{}\" is not one the header names ({})",
                                                  valid_utf8(r.target), fmt::join(part.targets, ", ")));
        if (const std::string outside = outside_corpus(part, r); !outside.empty()) throw InputError("/file", outside);
        // One case per scenario file and target: a second id for the same file is not a case of the corpus.
        if (auto [at, fresh] = files.emplace(std::make_pair(r.file, r.target), r.id); !fresh && at->second != r.id)
          throw InputError("/id", fmt::format("the file {} on {} is already the case {}, not {}", valid_utf8(r.file),
                                              valid_utf8(r.target), valid_utf8(at->second), valid_utf8(r.id)));
        auto [it, fresh] = seen.emplace(std::make_pair(r.id, r.target), where);
        if (!fresh) {
          if (++m.repeated <= 5)
            m.problems.push_back(fmt::format("{}: {} on {} is already in {} (counted once)", where, r.id, r.target,
                                             it->second));
          continue;
        }
        m.cases.push_back(std::move(r));
      } else if (type == "summary") {
        summary = true;
        part.total = j.value("total", std::size_t{0});
        Summary::Counts counts{};
        for (Verdict v : kAllVerdicts) counts[static_cast<std::size_t>(v)] = j.value(std::string(verdict_name(v)), std::size_t{0});
        part.summary_verdicts = counts;
        m.summary.bad_input += j.value("bad_input", std::size_t{0});
        m.summary.seconds = std::max(m.summary.seconds, j.value("seconds", 0.0));
        if (j.contains("stopped") && j["stopped"].is_string()) {
          m.summary.stopped = j["stopped"];
          m.problems.push_back(fmt::format("{}: that run stopped early: {}", where, m.summary.stopped));
        }
        if (j.contains("interrupted") && j["interrupted"].is_string()) {
          m.summary.interrupted = j["interrupted"];
          m.problems.push_back(fmt::format("{}: that run was interrupted by {}", where, m.summary.interrupted));
        }
      } else {
        m.problems.push_back(fmt::format("{}: not a header, case or summary line", where));
      }
    } catch (const InputError& e) {
      m.problems.push_back(fmt::format("{}: {}{}", where, e.pointer().empty() ? "" : "at " + e.pointer() + ": ",
                                       e.what()));
    } catch (const std::exception& e) {
      m.problems.push_back(fmt::format("{}: {}", where, valid_utf8(e.what())));
    }
  }
  if (!header) m.problems.push_back(fmt::format("{}: no header line: not rulecheck's JSON-lines results", file));
  if (!summary)
    m.problems.push_back(fmt::format("{}: no summary line: that run did not finish (its cases are kept)", file));
}

// Each part whole (the cases its header announces, as its summary counts them), and every part of
// the same run as the first: this rulecheck's version, the same corpus, targets and engines.
void check_parts(const std::vector<PartHeader>& parts, Merged& m) {
  const PartHeader* first = nullptr;
  for (const auto& p : parts) {
    if (!p.has_header) continue;
    if (p.tool != "rulecheck")
      m.problems.push_back(fmt::format("{}: its header names the tool \"{}\", not rulecheck", p.file, valid_utf8(p.tool)));
    if (p.version != RULECHECK_VERSION)
      m.problems.push_back(fmt::format("{}: written by rulecheck {}, not this rulecheck ({}): rerun it, or merge "
                                       "with that version",
                                       p.file, valid_utf8(p.version), RULECHECK_VERSION));
    if (p.total && (p.case_lines != *p.total || p.case_lines != p.cases_announced))
      m.problems.push_back(fmt::format("{}: {} case line(s), while its header announces {} and its summary counts "
                                       "{}: case lines are missing or were added",
                                       p.file, p.case_lines, p.cases_announced, *p.total));
    // Verdict by verdict: a "fail" line rewritten "pass" keeps the count of lines, not these.
    if (p.summary_verdicts)
      for (Verdict v : kAllVerdicts)
        if (const auto i = static_cast<std::size_t>(v); p.verdicts[i] != (*p.summary_verdicts)[i])
          m.problems.push_back(fmt::format("{}: {} case line(s) say {}, while its summary counts {}: case lines "
                                           "were changed",
                                           p.file, p.verdicts[i], verdict_name(v), (*p.summary_verdicts)[i]));
    if (!first) {
      first = &p;
      continue;
    }
    auto differs = [&](const char* what, const std::string& here, const std::string& there) {
      if (here != there)
        m.problems.push_back(fmt::format("{}: not a part of the same run as {}: its {} is {}, there {}", p.file,
                                         first->file, what, here, there));
    };
    differs("corpus (header \"paths\")", json(p.paths).dump(), json(first->paths).dump());
    if (p.has_corpus != first->has_corpus || p.corpus != first->corpus)
      m.problems.push_back(fmt::format("{}: not a part of the same run as {}: its header lists another corpus of "
                                       "scenario files ({} file(s), there {})",
                                       p.file, first->file, p.corpus.size(), first->corpus.size()));
    differs("targets", json(p.targets).dump(), json(first->targets).dump());
    differs("engines", valid_utf8(p.engines.dump()), valid_utf8(first->engines.dump()));
    // Every setting that changes verdicts (either header's keys: one missing is a difference).
    std::set<std::string> keys;
    for (const auto* s : {&p.settings, &first->settings})
      for (const auto& [key, value] : *s) keys.insert(key);
    for (const auto& key : keys) {
      const auto here = p.settings.find(key), there = first->settings.find(key);
      const std::string a = here == p.settings.end() ? "not set" : valid_utf8(here->second);
      const std::string b = there == first->settings.end() ? "not set" : valid_utf8(there->second);
      if (a != b)
        m.problems.push_back(fmt::format("{}: not a part of the same run as {}: its setting \"{}\" is {}, there {}",
                                         p.file, first->file, key, a, b));
    }
  }
}

// Every part of an N-way sharded run, once: say which are missing or given twice.
void check_shards(const std::map<std::size_t, std::vector<std::size_t>>& shards, Merged& m) {
  if (shards.size() > 1) m.problems.push_back("the parts come from runs split in different numbers of shards");
  for (const auto& [n, given] : shards) {
    std::vector<std::string> missing, twice;
    for (std::size_t k = 1; k <= n; ++k) {
      const auto times = std::count(given.begin(), given.end(), k);
      if (times == 0) missing.push_back(fmt::format("{}/{}", k, n));
      if (times > 1) twice.push_back(fmt::format("{}/{}", k, n));
    }
    if (!missing.empty())
      m.problems.push_back(fmt::format("the shard(s) {} are missing: their cases are not in this report",
                                       fmt::join(missing, ", ")));
    if (!twice.empty()) m.problems.push_back(fmt::format("the shard(s) {} are given twice", fmt::join(twice, ", ")));
  }
}

Merged merge_parts(const std::vector<std::string>& files) {
  Merged m;
  std::map<std::pair<std::string, std::string>, std::string> seen;  // (id, target) -> where first
  std::map<std::size_t, std::vector<std::size_t>> shards;           // N -> the Ks given
  std::vector<PartHeader> parts(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) read_part(files[i], m, seen, shards, parts[i]);
  check_parts(parts, m);
  check_shards(shards, m);
  if (m.repeated > 5) m.problems.push_back(fmt::format("... {} case(s) in all were given more than once", m.repeated));
  // One order whatever the order of the parts: by target as the headers list them, then by file.
  std::stable_sort(m.cases.begin(), m.cases.end(), [&](const CaseResult& a, const CaseResult& b) {
    const auto rank = [&](const std::string& t) {
      return std::find(m.info.targets.begin(), m.info.targets.end(), t) - m.info.targets.begin();
    };
    return std::make_pair(rank(a.target), a.file) < std::make_pair(rank(b.target), b.file);
  });
  return m;
}

int merge_command(const Context& context, const MergeOptions& opt) {
  Merged m = merge_parts(opt.files);
  if (auto library = context.load_rules())  // the clauses' paraphrases, for the HTML matrix
    for (const auto& [game, rules] : library->games())
      for (const auto& [id, clause] : rules.clauses) m.info.clause_paraphrases[id] = clause.paraphrase;

  FanOutReporter reporter;
  std::vector<ReportFile> report_files;
  if (const int code = add_reporters(reporter, opt.format, opt.quiet, opt.output_dir, report_files); code != kOk)
    return code;
  reporter.begin(m.info);
  Summary& summary = m.summary;
  for (const auto& r : m.cases) {
    summary.add(r);
    reporter.case_done(r);
  }
  reporter.end(summary);
  const bool written = finish_reports(report_files);
  for (const auto& p : m.problems) fmt::print(stderr, "rulecheck: report merge: {}\n", printable(p, true));
  if (!written) return kCannotRun;
  if (!m.problems.empty() || summary.bad_input) return kBadInput;
  if (summary.problems()) return kFailed;
  return kOk;
}

}  // namespace

void add_report_command(CLI::App& app, Context& context) {
  CLI::App* report = app.add_subcommand("report", "Work with the results of runs");
  report->require_subcommand(1);
  auto opt = std::make_shared<MergeOptions>();
  CLI::App* merge = report->add_subcommand(
      "merge",
      "Join the results.jsonl of several runs (the shards of `rulecheck run --shard K/N`) into one report: every "
      "case once, in one order (by target, then by file)");
  merge->add_option("files", opt->files, "JSON-lines results (results.jsonl, or run --format jsonl output)")
      ->required()
      ->check(CLI::ExistingFile);
  merge->add_option("--format", opt->format, "Standard output: console (readable) or jsonl")
      ->check(CLI::IsMember({"console", "jsonl"}))
      ->capture_default_str();
  merge->add_option("--output-dir", opt->output_dir,
                    "Also write every report into this folder: results.jsonl, junit.xml, summary.md, report.html")
      ->check(output_folder_check());
  merge->add_flag("--quiet,-q", opt->quiet, "Console: only the summary");
  merge->footer(
      "The merge is checked: a case (scenario and target) given twice is counted once, and a part without its "
      "summary line (a run that did not finish), an interrupted part, or a shard of K/N missing or given twice "
      "is said on stderr; so is a part that is not of the same run as the first (another rulecheck version, "
      "corpus, targets or engines), a part whose case lines are not the ones its header announces and its "
      "summary counts (in all, and verdict by verdict), a case of a target its header does not name, and a case "
      "whose scenario file is not in the corpus its header lists or not one its shard runs.\n"
      "Exit status: 0 all passed (or skipped), 1 a case failed or errored, 2 the parts do not make one whole run "
      "(see above) or a line is not rulecheck's, 3 a report could not be written.");
  merge->callback([&context, opt] {
    catch_interrupts();
    context.exit_code = finished_or_interrupted(merge_command(context, *opt));
  });
}

}  // namespace rulecheck::cli
