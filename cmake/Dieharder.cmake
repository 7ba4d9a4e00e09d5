# SPDX-License-Identifier: MIT
# --- libdieharder (optional): `glrand test` runs the dieharder battery on glrand's words ----
# Debian's libdieharder-dev has no pkg-config file and an incomplete header set; glrand
# declares what it uses itself (host/quality/libdieharder_api.hpp) and needs Dtest.h, the
# library and GSL, which the library is built on.
find_path(DIEHARDER_INCLUDE_DIR dieharder/Dtest.h)
find_library(DIEHARDER_LIBRARY dieharder)
find_package(GSL QUIET)
set(glrand_dieharder_default OFF)
if(DIEHARDER_INCLUDE_DIR AND DIEHARDER_LIBRARY AND GSL_FOUND)
  set(glrand_dieharder_default ON)
endif()
option(GLRAND_DIEHARDER "Build `glrand test` with libdieharder (host/quality/)" ${glrand_dieharder_default})
if(GLRAND_DIEHARDER)
  if(NOT (DIEHARDER_INCLUDE_DIR AND DIEHARDER_LIBRARY AND GSL_FOUND))
    message(FATAL_ERROR "GLRAND_DIEHARDER is ON but libdieharder or GSL was not found (Debian: libdieharder-dev)")
  endif()
  # The version from the library's real name, libdieharder.so.3.31.1, for `glrand test`'s header.
  get_filename_component(dieharder_real ${DIEHARDER_LIBRARY} REALPATH)
  string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+$" GLRAND_DIEHARDER_VERSION "${dieharder_real}")
  if(NOT GLRAND_DIEHARDER_VERSION)
    set(GLRAND_DIEHARDER_VERSION "(version unknown)")
  endif()
  message(STATUS "glrand: libdieharder ${GLRAND_DIEHARDER_VERSION} found (${DIEHARDER_LIBRARY}); `glrand test` ON")
else()
  message(STATUS "glrand: libdieharder not used (not found, or GLRAND_DIEHARDER=OFF); `glrand test` will say so")
endif()
