# SPDX-License-Identifier: MIT
# Turns Joe & Kuo's direction numbers (third_party/joe_kuo/new-joe-kuo-6.21201, the
# published file, 21,200 rows) into a C++ source defining glrand::sobol32::joe_kuo_table(),
# declared in host/generators/sobol32.hpp. Run by the build (an add_custom_command):
#
#   cmake -DTABLE=<file> -DOUTPUT=<joe_kuo_table.cpp> [-DSOURCE_DIR=<repo root>]
#         -P cmake/GenerateJoeKuoTable.cmake
#
# Fails, writing nothing, if the header is not `d s a m_i`, a row is not `d s a m_1 .. m_s`
# (whitespace-separated decimals), d is not 2, 3, ... in order, s is not in [1, 18], a is not
# below 2^(s-1), an m_k is not odd and below 2^k, or the row count is not 21,200. About 20 s: run only when
# the table or this script changes.
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/TableFile.cmake)

set(expected_rows 21200)  # dimensions 2..21201; dimension 1 (van der Corput) has no row
set(max_degree 18)      # the largest s in the full 21,201-dimension file

if(NOT DEFINED TABLE OR NOT DEFINED OUTPUT)
  message(FATAL_ERROR "GenerateJoeKuoTable: pass -DTABLE=<file> -DOUTPUT=<file.cpp>")
endif()

table_file_read(GenerateJoeKuoTable "${TABLE}" lines shown_name table_md5)

set(line_number 0)
set(row_count 0)
set(body "")
foreach(line IN LISTS lines)
  math(EXPR line_number "${line_number} + 1")
  string(STRIP "${line}" line)
  if(line_number EQUAL 1)
    if(NOT line MATCHES "^d[ \t]+s[ \t]+a[ \t]+m_i$")
      message(FATAL_ERROR "${TABLE}:1: expected the header 'd s a m_i', found '${line}'")
    endif()
    continue()
  endif()
  if(NOT line MATCHES "^[0-9]+([ \t]+[0-9]+)+$")
    message(FATAL_ERROR "${TABLE}:${line_number}: malformed row '${line}' (want d s a m_1 .. m_s)")
  endif()
  string(REGEX REPLACE "[ \t]+" ";" fields "${line}")
  foreach(field IN LISTS fields)
    string(LENGTH "${field}" digits)
    if(digits GREATER 9)
      message(FATAL_ERROR "${TABLE}:${line_number}: value ${field} is too large")
    endif()
  endforeach()
  list(GET fields 0 d)
  list(GET fields 1 s)
  list(GET fields 2 a)
  math(EXPR d "${d}")
  math(EXPR s "${s}")
  math(EXPR a "${a}")
  math(EXPR want_d "${row_count} + 2")
  if(NOT d EQUAL want_d)
    message(FATAL_ERROR "${TABLE}:${line_number}: dimension ${d}, expected ${want_d}")
  endif()
  if(s LESS 1 OR s GREATER max_degree)
    message(FATAL_ERROR "${TABLE}:${line_number}: degree s = ${s} is not in [1, ${max_degree}]")
  endif()
  math(EXPR a_bound "1 << (${s} - 1)")
  if(NOT a LESS a_bound)
    message(FATAL_ERROR "${TABLE}:${line_number}: a = ${a} is not below 2^(s-1) = ${a_bound}")
  endif()
  list(LENGTH fields field_count)
  math(EXPR want_fields "${s} + 3")
  if(NOT field_count EQUAL want_fields)
    message(FATAL_ERROR "${TABLE}:${line_number}: ${field_count} fields, expected 3 + s = ${want_fields}")
  endif()
  set(ms "")
  foreach(k RANGE 1 ${s})
    math(EXPR index "${k} + 2")
    list(GET fields ${index} m)
    math(EXPR m "${m}")
    math(EXPR m_bound "1 << ${k}")
    math(EXPR odd "${m} % 2")
    if(NOT odd EQUAL 1 OR NOT m LESS m_bound)
      message(FATAL_ERROR "${TABLE}:${line_number}: m_${k} = ${m} is not odd and below 2^${k}")
    endif()
    list(APPEND ms "${m}u")
  endforeach()
  list(JOIN ms ", " ms)
  string(APPEND body "    {${s}u, ${a}u, {${ms}}},  // d = ${d}\n")
  math(EXPR row_count "${row_count} + 1")
endforeach()

if(NOT row_count EQUAL expected_rows)
  message(FATAL_ERROR "${TABLE}: ${row_count} rows, expected ${expected_rows}")
endif()

set(content "// SPDX-License-Identifier: MIT
// GENERATED FILE: do not edit. Made by cmake/GenerateJoeKuoTable.cmake from
// ${shown_name} (md5 ${table_md5}, ${row_count} rows) at build time.
#include \"generators/sobol32.hpp\"

namespace glrand::sobol32 {

namespace {

// {s, a, {m_1, ..., m_s}}: row i is Joe & Kuo's dimension d = i + 2 (our dimension i + 1).
constexpr std::array<JoeKuoRow, kDimensions - 1> kTable{{
${body}}};

}  // namespace

const std::array<JoeKuoRow, kDimensions - 1>& joe_kuo_table() { return kTable; }

}  // namespace glrand::sobol32
")
table_file_write("${OUTPUT}" "${content}")
