#include "cli/report_files.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdexcept>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "common/folder_lock.hpp"
#include "common/output.hpp"
#include "common/text.hpp"

namespace rulecheck::cli {

namespace {

ReportFile open_report(const std::filesystem::path& dir, const char* name) {
  const std::filesystem::path part = dir / (std::string(name) + ".part");
  return ReportFile(part, dir / name, std::make_unique<CheckedFile>(part));  // throws OutputError naming why
}

}  // namespace

ReportFile::~ReportFile() {
  if (finished || !out) return;
  out.reset();
  std::error_code ignored;  // the report stays what it was before this run
  std::filesystem::remove(part, ignored);
}

bool finish_reports(std::vector<ReportFile>& files) {
  bool ok = true;
  for (auto& f : files) {
    std::string problem;
    try {
      f.out->close_checked(f.part.string());
    } catch (const OutputError& e) {
      problem = e.what();
    }
    std::error_code error;
    if (problem.empty() && (std::filesystem::rename(f.part, f.place, error), error))
      problem = fmt::format("cannot write {}: {}", f.place.string(), error.message());
    if (problem.empty()) {
      f.finished = true;
      continue;
    }
    std::error_code ignored;
    std::filesystem::remove(f.part, ignored);
    fmt::print(stderr, "rulecheck: {}; the previous {} (if any) is left as it was\n", problem,
               f.place.filename().string());
    ok = false;
  }
  return ok;
}

std::string write_problem(std::vector<ReportFile>& files) {
  try {
    flush_standard_output();
    for (auto& f : files) flush_checked(*f.out, f.part.string());
  } catch (const OutputError& e) {
    return e.what();
  }
  return "";
}

void add_report_files(FanOutReporter& reporter, const std::filesystem::path& dir, std::vector<ReportFile>& files) {
  lock_output_folder(dir);  // one run's at a time: another run's lines never mix into these files
  const std::pair<const char*, std::unique_ptr<Reporter> (*)(std::ostream&)> formats[] = {
      {"results.jsonl", &make_jsonl_reporter},
      {"junit.xml", &make_junit_reporter},
      {"summary.md", &make_markdown_reporter},
      {"report.html", &make_html_reporter}};
  for (const auto& [name, make] : formats) {
    files.push_back(open_report(dir, name));
    reporter.add(make(*files.back().out));
  }
}

int add_reporters(FanOutReporter& reporter, const std::string& format, bool quiet, const std::string& output_dir,
                  std::vector<ReportFile>& files) {
  if (format == "jsonl")
    reporter.add(make_jsonl_reporter(std::cout));
  else
    reporter.add(make_console_reporter(std::cout, isatty(fileno(stdout)) != 0, quiet));
  if (output_dir.empty()) return kOk;
  try {
    add_report_files(reporter, output_dir, files);
    return kOk;
  } catch (const FolderBusy& e) {
    fmt::print(stderr, "rulecheck: --output-dir: {}\n", printable(e.what()));
    return kBadInput;
  } catch (const std::exception& e) {
    fmt::print(stderr, "rulecheck: --output-dir: {}\n", printable(e.what()));
    return kCannotRun;
  }
}

}  // namespace rulecheck::cli
