# What `cmake --install` puts under the prefix, and the build tree's copy of the same layout.
#   bin/rulecheck
#   share/rulecheck/{rules,scenarios,protocol/schema,examples/engines}   the data the binary reads
#   share/doc/rulecheck/{README.md,docs/}                                the documentation
#   share/man/man1/rulecheck.1.gz                                        made from the --help texts
# The binary finds share/rulecheck beside its own folder (harness/data_dir.hpp), so the prefix can be
# anything and can be moved whole.
include(GNUInstallDirs)
set(RULECHECK_DATA_DESTINATION "${CMAKE_INSTALL_DATADIR}/rulecheck")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/rules" "${PROJECT_SOURCE_DIR}/scenarios"
        DESTINATION "${RULECHECK_DATA_DESTINATION}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/protocol/schema" DESTINATION "${RULECHECK_DATA_DESTINATION}/protocol")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/examples/engines" DESTINATION "${RULECHECK_DATA_DESTINATION}/examples"
        USE_SOURCE_PERMISSIONS
        PATTERN "__pycache__" EXCLUDE
        PATTERN "*.pyc" EXCLUDE)
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs" DESTINATION "${CMAKE_INSTALL_DOCDIR}")  # README's links: docs/...

# The manual page, from the --help texts of rulecheck and of each of its commands.
option(RULECHECK_MANPAGE "Make the manual page (python3) from the --help texts" ON)
find_program(RULECHECK_PYTHON3 NAMES python3)
if(RULECHECK_MANPAGE AND RULECHECK_PYTHON3)
  set(rulecheck_manpage "${CMAKE_BINARY_DIR}/man/rulecheck.1.gz")
  add_custom_command(
    OUTPUT "${rulecheck_manpage}"
    COMMAND "${RULECHECK_PYTHON3}" "${PROJECT_SOURCE_DIR}/scripts/make-manpage" "$<TARGET_FILE:rulecheck>" "${rulecheck_manpage}"
    DEPENDS rulecheck "${PROJECT_SOURCE_DIR}/scripts/make-manpage"
    COMMENT "The manual page, from rulecheck's --help texts")
  add_custom_target(rulecheck_manpage ALL DEPENDS "${rulecheck_manpage}")
  install(FILES "${rulecheck_manpage}" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
elseif(RULECHECK_MANPAGE)
  message(WARNING "python3 not found: no manual page is made or installed")
endif()

# The build tree has the installed layout too: build/cli/rulecheck finds build/share/rulecheck, a
# link to the source tree (which holds rules/, scenarios/, protocol/ and examples/ as share/rulecheck
# does). Nothing of this path is compiled into the binary: moved elsewhere, it no longer finds it.
file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/share")
file(CREATE_LINK "${PROJECT_SOURCE_DIR}" "${CMAKE_BINARY_DIR}/share/rulecheck" SYMBOLIC)
