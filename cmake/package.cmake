# The Debian package: `cpack -G DEB --config build/CPackConfig.cmake` (scripts/package does it)
# makes rulecheck_<version>_<arch>.deb from the install rules (cmake/install.cmake), under /usr,
# its binary stripped, its dependencies computed from the binary by dpkg-shlibdeps (dpkg-dev).
set(CPACK_PACKAGE_NAME "rulecheck")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "the rulecheck developers")
set(CPACK_PACKAGE_CONTACT "rulecheck developers <rulecheck@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "rules-conformance harness and reference oracle for board-game rulebooks")
set(CPACK_PACKAGE_DESCRIPTION
    "rulecheck checks a digital implementation of a board game against its rulebook: it runs a corpus of
hand-written scenarios and generated cases through a reference oracle and through the engine under
test (any language, over a JSON-lines protocol), and reports every disagreement with the rule
clauses involved. A Z3 model of the rules proves invariants and finds ambiguous readings; rulebook
edits are diffed by their effect on verdicts. Covers sections of Messina and Scythe's movement.")
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT")  # rulecheck_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The example engines (share/rulecheck/examples/engines) are Python; the binary does not need it.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3")
include(CPack)
