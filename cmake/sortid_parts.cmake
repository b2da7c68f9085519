# Engines and bindings are optional parts with one option each, one style:
#   SORTID_WITH_<PART>=AUTO (default)  built when its dependencies are found,
#                                      skipped with a message when not;
#   SORTID_WITH_<PART>=ON              required: a missing dependency stops
#                                      the configuration with an error;
#   SORTID_WITH_<PART>=OFF             not built.
# SORTID_REQUIRE_ENGINES=ON (CI) reads every AUTO as ON. A build a part cannot
# support at all (cross-compiling; ThreadSanitizer for the Node and Python
# bindings, whose interpreters are not instrumented) skips it either way.
option(SORTID_REQUIRE_ENGINES "Every engine and binding left AUTO is required (CI)" OFF)
set(SORTID_PARTS DUCKDB SQLITE MARIADB NODE PYTHON)
foreach(part IN LISTS SORTID_PARTS)
  set(SORTID_WITH_${part} AUTO CACHE STRING "Build the ${part} part: AUTO, ON (required) or OFF")
  set_property(CACHE SORTID_WITH_${part} PROPERTY STRINGS AUTO ON OFF)
  string(TOUPPER "${SORTID_WITH_${part}}" sortid_value)
  if(NOT sortid_value MATCHES "^(AUTO|ON|OFF|TRUE|FALSE|YES|NO|1|0)$")
    message(FATAL_ERROR "sortid: SORTID_WITH_${part}=${SORTID_WITH_${part}}: use AUTO, ON or OFF")
  endif()
endforeach()

# Sets out to TRUE when part is to be built if it can be (AUTO or ON).
function(sortid_part_wanted part out)
  string(TOUPPER "${SORTID_WITH_${part}}" value)
  if(value MATCHES "^(OFF|FALSE|NO|0)$")
    set(${out} FALSE PARENT_SCOPE)
  else()
    set(${out} TRUE PARENT_SCOPE)
  endif()
endfunction()

# A dependency of part is missing (the reason, in one or more pieces, says
# which): an error when the part is required, else a status message; the
# caller then skips the part.
function(sortid_part_missing part)
  string(JOIN "" reason ${ARGN})
  string(TOUPPER "${SORTID_WITH_${part}}" value)
  if(value MATCHES "^(ON|TRUE|YES|1)$" OR (value STREQUAL "AUTO" AND SORTID_REQUIRE_ENGINES))
    message(FATAL_ERROR "sortid: ${reason}, and SORTID_WITH_${part} requires it "
      "(SORTID_WITH_${part}=${SORTID_WITH_${part}}, SORTID_REQUIRE_ENGINES=${SORTID_REQUIRE_ENGINES})")
  endif()
  message(STATUS "sortid: ${reason}: skipped (SORTID_WITH_${part}=${SORTID_WITH_${part}})")
endfunction()

# The build cannot support part (reason says why): skipped whatever the option.
function(sortid_part_unsupported part)
  string(JOIN "" reason ${ARGN})
  message(STATUS "sortid: ${part} skipped: ${reason}")
endfunction()
