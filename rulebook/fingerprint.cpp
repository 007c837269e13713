// `rulecheck rules fingerprint`: the fingerprints and paragraph numbers that differ from the rule
// texts, and (--update) writing the new ones into clauses.json in place.
#include <map>
#include <ostream>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "common/atomic_write.hpp"
#include "common/bounded_read.hpp"
#include "common/input_error.hpp"
#include "common/json_io.hpp"
#include "rulebook/command_support.hpp"
#include "rulebook/commands.hpp"
#include "rulebook/drift.hpp"
#include "rulebook/index.hpp"
#include "rulebook/json_spans.hpp"
#include "rulebook/stated_numbers.hpp"
#include "rulebook/text.hpp"

namespace rulecheck::rulebook {

namespace {

using json = nlohmann::json;
using Replacements = std::map<std::string, std::string>;  // JSON pointer -> new JSON text

constexpr const char* kCommand = "rules fingerprint";

// --paragraphs FILE: a path, or a file name in the text folder.
int list_paragraphs(const FingerprintOptions& options, std::ostream& out, std::ostream& err) {
  std::filesystem::path file = options.paragraphs;
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error)) {
    const TextFolder texts = find_text_folder(options.texts, Project::of_rules_folder(options.rules_dir));
    if (!texts.dir || !std::filesystem::is_regular_file(*texts.dir / file, error)) {
      err << fmt::format("rulecheck {}: --paragraphs {}: no such rule text (looked as given{})\n", kCommand,
                         file.string(), texts.dir ? " and in " + texts.dir->string() : "");
      return kBadInput;
    }
    file = *texts.dir / file;
  }
  try {
    for (const auto& p : read_paragraphs(file)) {
      out << fmt::format("{:3d} {} {}\n", p.number, p.fingerprint, preview(p, 100));
      // For rules/<game>/numbers.json: each number's place and value, and the masked fingerprint.
      const auto numbers = numbers_in(words_of(p));
      if (numbers.empty()) continue;
      std::vector<std::string> places;
      for (std::size_t i = 0; i < numbers.size(); ++i)
        places.push_back(fmt::format("#{}={}", i + 1, number_text(numbers[i].value)));
      out << fmt::format("    numbers (masked fingerprint {}): {}\n", masked_fingerprint(p), fmt::join(places, " "));
    }
  } catch (const InputError& e) {
    err << fmt::format("rulecheck {}: {}\n", kCommand, e.what());
    return kBadInput;
  }
  return kOk;
}

std::string describe_entry(const EntryDrift& d) {
  switch (d.drift) {
    case Drift::changed:
      return fmt::format("paragraph {} of {}: fingerprint {} -> {}: \"{}\"", d.paragraph, d.text_file, d.fingerprint,
                         d.new_fingerprint, d.new_text);
    case Drift::moved:
      return fmt::format("paragraph {} -> {} of {} (fingerprint {} unchanged): \"{}\"", d.paragraph, d.new_paragraph,
                         d.text_file, d.fingerprint, d.new_text);
    case Drift::vanished:
      return fmt::format(
          "paragraph {} of {}: fingerprint {} is found nowhere in the file ({}): edit this entry by "
          "hand",
          d.paragraph, d.text_file, d.fingerprint,
          d.replaced_by_other ? fmt::format("paragraph {} now holds another entry's paragraph", d.paragraph)
                              : fmt::format("it has {} paragraphs now", d.paragraphs_in_file));
    case Drift::unchanged: break;
  }
  return "unchanged";
}

// The values --update writes for one entry: the new fingerprint of a changed paragraph, the new
// number of a moved one; nothing for a vanished one.
void add_replacements(const EntryDrift& d, Replacements& replacements) {
  if (d.drift == Drift::changed) replacements[d.pointer + "/fingerprint"] = json(d.new_fingerprint).dump();
  if (d.drift == Drift::moved) replacements[d.pointer + "/paragraph"] = std::to_string(d.new_paragraph);
}

std::string read_text(const std::filesystem::path& file) { return read_file_bounded(file); }

// Rewrites only the replaced values of clauses.json, after checking that the new text parses to
// the old document with exactly those values changed.
void update_index(const ClauseIndex& index, const Replacements& replacements) {
  const std::string before = read_text(index.file);
  const std::string after = replace_values(before, replacements, index.shown);
  json expected = parse_json_strict(before, index.shown);
  for (const auto& [at, value] : replacements) expected[json::json_pointer(at)] = json::parse(value);
  if (parse_json_strict(after, index.shown) != expected)
    throw std::runtime_error(
        fmt::format("{}: the edited text does not read back as intended; nothing was written", index.shown));
  write_file_atomically(index.file, after);
}

struct GameResult {
  std::size_t differ = 0;   // entries whose values differ from the texts
  std::size_t by_hand = 0;  // vanished entries and unnamed paragraphs: --update cannot fix them
  bool bad_input = false;
};

GameResult fingerprint_game(const Project& project, const std::string& game, const FingerprintOptions& options,
                            const std::filesystem::path& text_dir, std::ostream& out, std::ostream& err) {
  GameResult result;
  Problems problems;
  const ClauseIndex index = read_index(project, game, problems);
  if (!index.readable) {
    for (const auto& p : problems) err << fmt::format("rulecheck {}: {}\n", kCommand, describe(p));
    result.bad_input = true;
    return result;
  }
  const IndexDrift drift = compare_with_texts(index, text_dir);
  for (const auto& p : drift.problems) out << describe(p) << "\n";
  result.by_hand += drift.problems.size();
  Replacements replacements;
  for (const auto& d : drift.entries) {
    out << fmt::format("{}: {} {} ({}): {}\n", index.shown, drift_name(d.drift), d.label, d.pointer, describe_entry(d));
    add_replacements(d, replacements);
    result.differ++;
    if (d.drift == Drift::vanished) result.by_hand++;
  }
  for (const auto& u : drift.unnamed) {
    out << fmt::format(
        "{}: NEW paragraph {} of {} (fingerprint {}: \"{}\") is named by no clause or not_clause: add "
        "one by hand\n",
        index.shown, u.number, u.text_file, u.fingerprint, u.text);
    result.by_hand++;
  }
  if (options.update && !replacements.empty()) {
    try {
      update_index(index, replacements);
      out << fmt::format("{}: wrote {}\n", index.shown, count_of(replacements.size(), "new value", "new values"));
    } catch (const std::exception& e) {
      err << fmt::format("rulecheck {}: {}\n", kCommand, e.what());
      result.bad_input = true;
    }
  }
  return result;
}

}  // namespace

int fingerprint_rules(const FingerprintOptions& options, std::ostream& out, std::ostream& err) {
  if (!options.paragraphs.empty()) return list_paragraphs(options, out, err);
  const std::optional<Project> project = open_project(options.rules_dir, kCommand, err);
  if (!project) return kCannotRun;
  const TextFolder texts = find_text_folder(options.texts, *project);
  if (!texts.dir) {
    err << fmt::format("rulecheck {}: {}\n", kCommand, texts.why_none);
    return kBadInput;
  }
  out << fmt::format("rule texts: {} ({})\n", texts.dir->string(), texts.origin);
  GameResult total;
  for (const auto& game : games_of(*project)) {
    const GameResult r = fingerprint_game(*project, game, options, *texts.dir, out, err);
    total.differ += r.differ;
    total.by_hand += r.by_hand;
    total.bad_input = total.bad_input || r.bad_input;
  }
  if (total.bad_input) return kBadInput;
  if (total.differ == 0 && total.by_hand == 0) {
    out << "every clause and not_clause matches the texts\n";
    return kOk;
  }
  if (options.update) {
    if (total.by_hand == 0) return kOk;
    out << fmt::format("{} left for hand editing\n",
                       count_of(total.by_hand, "entry or paragraph", "entries or paragraphs"));
    return kFound;
  }
  out << fmt::format(
      "{} from the texts{}; after review, --update writes the new fingerprints and paragraph numbers "
      "into clauses.json\n",
      count_of(total.differ, "entry differs", "entries differ"),
      total.by_hand ? fmt::format(" ({} to edit by hand)", total.by_hand) : "");
  return kFound;
}

}  // namespace rulecheck::rulebook
