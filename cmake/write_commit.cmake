# Writes OUTPUT, a header defining RULECHECK_COMMIT: the commit rulecheck is built from (git's
# abbreviated hash, "-dirty" when tracked files differ from it), or RULECHECK_COMMIT_GIVEN when the
# source is not a git checkout (a packager's tarball: cmake -DRULECHECK_COMMIT=...), or "unknown".
# Run at every build; the file is rewritten only when its text changes, so nothing recompiles
# otherwise.
set(commit "")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
  if(failed)
    set(commit "")
  else()
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
                    OUTPUT_VARIABLE changes ERROR_QUIET)
    if(NOT changes STREQUAL "")
      string(APPEND commit "-dirty")
    endif()
  endif()
endif()
if(commit STREQUAL "")
  if(NOT "${RULECHECK_COMMIT_GIVEN}" STREQUAL "")
    set(commit "${RULECHECK_COMMIT_GIVEN}")
  else()
    set(commit "unknown")
  endif()
endif()
set(text "// Written by cmake/write_commit.cmake at build time.\n#pragma once\n#define RULECHECK_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
