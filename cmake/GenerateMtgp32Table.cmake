# SPDX-License-Identifier: MIT
# Turns the MTGP32 parameter table (third_party/mtgp32_11213/mtgp32_11213.csv) into a C++
# source that defines glrand::mtgp32::parameter_table(), declared in host/generators/mtgp32.hpp.
# Run by the build (an add_custom_command in CMakeLists.txt):
#
#   cmake -DCSV=<table.csv> -DOUTPUT=<mtgp32_table.cpp> [-DSOURCE_DIR=<repo root>]
#         -P cmake/GenerateMtgp32Table.cmake
#
# Fails, writing nothing, if a row is not index, mexp = 11213, pos in [3, 95], sh1 and sh2 in
# [1, 31], then 49 hex words (mask, tbl, tmp_tbl, flt_tmp_tbl), the indices are not 0, 1, 2, ...
# or the row count is not 200. pos ≤ 95 is what lets 256 threads step at once (351 − 256).
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/TableFile.cmake)

set(expected_rows 200)

if(NOT DEFINED CSV OR NOT DEFINED OUTPUT)
  message(FATAL_ERROR "GenerateMtgp32Table: pass -DCSV=<table.csv> -DOUTPUT=<file.cpp>")
endif()

set(expected_header "index,mexp,pos,sh1,sh2,mask")
foreach(t tbl tmp_tbl flt_tmp_tbl)
  foreach(j RANGE 15)
    string(APPEND expected_header ",${t}${j}")
  endforeach()
endforeach()

table_file_read(GenerateMtgp32Table "${CSV}" lines shown_name csv_md5)

set(line_number 0)
set(row_count 0)
set(body "")
foreach(line IN LISTS lines)
  math(EXPR line_number "${line_number} + 1")
  if(line_number EQUAL 1)
    if(NOT line STREQUAL expected_header)
      message(FATAL_ERROR "${CSV}:1: expected the header '${expected_header}'")
    endif()
    continue()
  endif()
  string(REPLACE "," ";" fields "${line}")
  list(LENGTH fields field_count)
  if(NOT field_count EQUAL 54)
    message(FATAL_ERROR "${CSV}:${line_number}: ${field_count} fields, expected 54")
  endif()
  list(SUBLIST fields 0 5 head)
  foreach(field IN LISTS head)
    if(NOT field MATCHES "^[0-9]+$")
      message(FATAL_ERROR "${CSV}:${line_number}: '${field}' is not a decimal integer")
    endif()
  endforeach()
  list(GET fields 0 index)
  list(GET fields 1 mexp)
  list(GET fields 2 pos)
  list(GET fields 3 sh1)
  list(GET fields 4 sh2)
  if(NOT index EQUAL row_count)
    message(FATAL_ERROR "${CSV}:${line_number}: index ${index}, expected ${row_count}")
  endif()
  if(NOT mexp EQUAL 11213)
    message(FATAL_ERROR "${CSV}:${line_number}: mexp ${mexp}, expected 11213")
  endif()
  if(pos LESS 3 OR pos GREATER 95)
    message(FATAL_ERROR "${CSV}:${line_number}: pos ${pos} is not in [3, 95]")
  endif()
  foreach(sh IN ITEMS ${sh1} ${sh2})
    if(sh LESS 1 OR sh GREATER 31)
      message(FATAL_ERROR "${CSV}:${line_number}: shift ${sh} is not in [1, 31]")
    endif()
  endforeach()
  list(SUBLIST fields 5 49 words)
  foreach(word IN LISTS words)
    if(NOT word MATCHES "^0x[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]$")
      message(FATAL_ERROR "${CSV}:${line_number}: '${word}' is not an 8-digit hex word")
    endif()
  endforeach()
  list(GET words 0 mask)
  list(SUBLIST words 1 16 tbl)
  list(SUBLIST words 17 16 tmp_tbl)
  list(SUBLIST words 33 16 flt_tmp_tbl)
  list(JOIN tbl "u, " tbl)
  list(JOIN tmp_tbl "u, " tmp_tbl)
  list(JOIN flt_tmp_tbl "u, " flt_tmp_tbl)
  string(APPEND body "    {${pos}, ${sh1}, ${sh2}, ${mask}u,\n     {{${tbl}u}},\n     {{${tmp_tbl}u}},\n     {{${flt_tmp_tbl}u}}},  // ${index}\n")
  math(EXPR row_count "${row_count} + 1")
endforeach()
if(NOT row_count EQUAL expected_rows)
  message(FATAL_ERROR "${CSV}: ${row_count} parameter rows, expected ${expected_rows}")
endif()

set(content "// SPDX-License-Identifier: MIT
// GENERATED FILE: do not edit. Made by cmake/GenerateMtgp32Table.cmake from
// ${shown_name} (md5 ${csv_md5}, ${row_count} rows) at build time;
// edit the CSV (or regenerate it, third_party/mtgp32_11213/README.md) and rebuild.
// The numbers: Saito and Matsumoto's MTGP dynamic creator, BSD-3-Clause (see the README).
#include \"generators/mtgp32.hpp\"

namespace glrand::mtgp32 {

namespace {

// {pos, sh1, sh2, mask, tbl, tmp_tbl, flt_tmp_tbl}: row i is cuRAND's mtgp32dc_params_fast_11213[i].
constexpr std::array<Parameters, kSetCount> kTable{{
${body}}};

}  // namespace

const std::array<Parameters, kSetCount>& parameter_table() { return kTable; }

}  // namespace glrand::mtgp32
")
table_file_write("${OUTPUT}" "${content}")
