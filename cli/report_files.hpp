// The report files of a run (or a merge) in --output-dir: every format at once, each written as
// NAME.part and renamed to NAME when whole, so that a report under its own name is never half
// written. A report that cannot be finished (a write failed: the reason is the system's) has its
// .part removed, leaving the previous report; only a crash or a second signal leaves a .part.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "common/output.hpp"
#include "reports/reporter.hpp"

namespace rulecheck::cli {

struct ReportFile {
  std::filesystem::path part, place;
  std::unique_ptr<CheckedFile> out;
  bool finished = false;  // renamed into place
  ReportFile(std::filesystem::path part_name, std::filesystem::path final_name, std::unique_ptr<CheckedFile> file)
      : part(std::move(part_name)), place(std::move(final_name)), out(std::move(file)) {}
  ReportFile(ReportFile&&) = default;
  ReportFile& operator=(ReportFile&&) = delete;
  ~ReportFile();  // a report not finished (an error, an exception): its .part removed
};

// results.jsonl (streamed as results come), junit.xml, summary.md, report.html into `dir`, each
// added to `reporter`, once this process holds `dir`'s lock (common/folder_lock.hpp). Throws
// FolderBusy when another run holds it, std::runtime_error naming a file that cannot be written.
void add_report_files(FanOutReporter& reporter, const std::filesystem::path& dir, std::vector<ReportFile>& files);

// Standard output in `format` ("console", readable unless `quiet`, or "jsonl"), and every report file
// in `output_dir` when it is given. kOk, or (said on stderr) kBadInput when another run holds
// `output_dir`, kCannotRun when a report file cannot be opened.
int add_reporters(FanOutReporter& reporter, const std::string& format, bool quiet, const std::string& output_dir,
                   std::vector<ReportFile>& files);

// "" while standard output and every report file take what is written; else what failed and why
// ("cannot write standard output: No space left on device"), for a run to stop on.
std::string write_problem(std::vector<ReportFile>& files);

// Renames every whole report into place; false (said on stderr, with the system's reason) if one could
// not be written, whose .part is then removed.
bool finish_reports(std::vector<ReportFile>& files);

}  // namespace rulecheck::cli
