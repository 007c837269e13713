#include "cli/report_files.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <stdexcept>

#include <fmt/format.h>

namespace rulecheck::cli {

namespace {

ReportFile open_report(const std::filesystem::path& dir, const char* name) {
  ReportFile f{dir / (std::string(name) + ".part"), dir / name, nullptr};
  f.out = std::make_unique<std::ofstream>(f.part);
  if (!*f.out) throw std::runtime_error(fmt::format("cannot write {}", f.part.string()));
  return f;
}

}  // namespace

bool finish_reports(std::vector<ReportFile>& files) {
  bool ok = true;
  for (auto& f : files) {
    f.out->close();
    std::error_code error;
    if (!*f.out || (std::filesystem::rename(f.part, f.place, error), error)) {
      fmt::print(stderr, "rulecheck: cannot write {}{}\n", f.place.string(), error ? ": " + error.message() : "");
      ok = false;
    }
  }
  return ok;
}

void add_report_files(FanOutReporter& reporter, const std::filesystem::path& dir, std::vector<ReportFile>& files) {
  std::filesystem::create_directories(dir);
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

bool add_reporters(FanOutReporter& reporter, const std::string& format, bool quiet, const std::string& output_dir,
                   std::vector<ReportFile>& files) {
  if (format == "jsonl")
    reporter.add(make_jsonl_reporter(std::cout));
  else
    reporter.add(make_console_reporter(std::cout, isatty(fileno(stdout)) != 0, quiet));
  if (output_dir.empty()) return true;
  try {
    add_report_files(reporter, output_dir, files);
    return true;
  } catch (const std::exception& e) {
    fmt::print(stderr, "rulecheck: --output-dir: {}\n", e.what());
    return false;
  }
}

}  // namespace rulecheck::cli
