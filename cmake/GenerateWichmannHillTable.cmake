# SPDX-License-Identifier: MIT
# Turns the Wichmann–Hill parameter table (third_party/wichmann_hill_273/wichmann_hill_273.csv)
# into a C++ source that defines glrand::wh::parameter_table(), declared in
# host/generators/wichmann_hill.hpp. Run by the build (an add_custom_command in CMakeLists.txt):
#
#   cmake -DCSV=<table.csv> -DOUTPUT=<wichmann_hill_table.cpp> [-DSOURCE_DIR=<repo root>]
#         -P cmake/GenerateWichmannHillTable.cmake
#
# Fails, writing nothing, if the header is not `index,a1,m1,a2,m2,a3,m3,a4,m4`, a row is not
# nine decimal integers, the index column is not 0, 1, 2, ... in order, a modulus is not in
# [2, 2^24) or a multiplier not in [2, m), or the row count is not 273. The mathematical
# properties of the table (primes, primitive roots, ...) are checked by the unit tests.
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/TableFile.cmake)

set(expected_rows 273)
set(expected_header "index,a1,m1,a2,m2,a3,m3,a4,m4")
math(EXPR modulus_bound "1 << 24")  # the shaders keep every intermediate below 2^24

if(NOT DEFINED CSV OR NOT DEFINED OUTPUT)
  message(FATAL_ERROR "GenerateWichmannHillTable: pass -DCSV=<table.csv> -DOUTPUT=<file.cpp>")
endif()
table_file_read(GenerateWichmannHillTable "${CSV}" lines shown_name csv_md5)

set(line_number 0)
set(row_count 0)
set(body "")
foreach(line IN LISTS lines)
  math(EXPR line_number "${line_number} + 1")
  if(line_number EQUAL 1)
    if(NOT line STREQUAL expected_header)
      message(FATAL_ERROR "${CSV}:1: expected the header '${expected_header}', found '${line}'")
    endif()
    continue()
  endif()
  if(row_count EQUAL expected_rows)
    message(FATAL_ERROR "${CSV}:${line_number}: more than ${expected_rows} parameter rows")
  endif()
  set(n "[0-9]+")
  if(NOT line MATCHES "^(${n}),(${n}),(${n}),(${n}),(${n}),(${n}),(${n}),(${n}),(${n})$")
    message(FATAL_ERROR
      "${CSV}:${line_number}: malformed row '${line}' (want nine decimal integers: ${expected_header})")
  endif()
  set(fields ${CMAKE_MATCH_1} ${CMAKE_MATCH_2} ${CMAKE_MATCH_3} ${CMAKE_MATCH_4} ${CMAKE_MATCH_5}
             ${CMAKE_MATCH_6} ${CMAKE_MATCH_7} ${CMAKE_MATCH_8} ${CMAKE_MATCH_9})
  # At most 8 digits keeps every value far inside math(EXPR)'s 64-bit range.
  foreach(field IN LISTS fields)
    string(LENGTH "${field}" digits)
    if(digits GREATER 8)
      message(FATAL_ERROR "${CSV}:${line_number}: value ${field} is too large (row '${line}')")
    endif()
  endforeach()
  list(GET fields 0 index)
  math(EXPR index "${index}")  # drops leading zeros
  if(NOT index EQUAL row_count)
    message(FATAL_ERROR "${CSV}:${line_number}: index ${index}, expected ${row_count} (rows must be 0, 1, 2, ... in order)")
  endif()
  set(multipliers "")
  set(moduli "")
  foreach(k RANGE 1 4)
    math(EXPR ia "2 * ${k} - 1")
    math(EXPR im "2 * ${k}")
    list(GET fields ${ia} a)
    list(GET fields ${im} m)
    math(EXPR a "${a}")
    math(EXPR m "${m}")
    if(m LESS 2 OR NOT m LESS modulus_bound)
      message(FATAL_ERROR "${CSV}:${line_number}: m${k} = ${m} is not in [2, 2^24)")
    endif()
    if(a LESS 2 OR NOT a LESS m)
      message(FATAL_ERROR "${CSV}:${line_number}: a${k} = ${a} is not in [2, m${k})")
    endif()
    list(APPEND multipliers "${a}u")
    list(APPEND moduli "${m}u")
  endforeach()
  list(JOIN multipliers ", " multipliers)
  list(JOIN moduli ", " moduli)
  string(APPEND body "    {{{${multipliers}}}, {{${moduli}}}},  // ${index}\n")
  math(EXPR row_count "${row_count} + 1")
endforeach()

if(NOT row_count EQUAL expected_rows)
  message(FATAL_ERROR "${CSV}: ${row_count} parameter rows, expected ${expected_rows}")
endif()

set(content "// SPDX-License-Identifier: MIT
// GENERATED FILE: do not edit. Made by cmake/GenerateWichmannHillTable.cmake from
// ${shown_name} (md5 ${csv_md5}, ${row_count} rows) at build time;
// edit the CSV and rebuild to change it.
#include \"generators/wichmann_hill.hpp\"

namespace glrand::wh {

namespace {

// {a1, a2, a3, a4}, {m1, m2, m3, m4}: row i is MKL's VSL_BRNG_WH + i.
constexpr std::array<Parameters, kSetCount> kTable{{
${body}}};

}  // namespace

const std::array<Parameters, kSetCount>& parameter_table() { return kTable; }

}  // namespace glrand::wh
")

table_file_write("${OUTPUT}" "${content}")
