# SPDX-License-Identifier: MIT
# What the table generators (cmake/Generate*Table.cmake) share: reading a published table
# from third_party/ line by line, and writing the generated C++ atomically.

# table_file_read(WHO PATH LINES SHOWN MD5): the file's lines (empty ones included, so that
# line numbers match the file; CRLF accepted), its path relative to SOURCE_DIR when that is
# defined (for the generated file's header) and its MD5. Fails if the file is missing or
# holds a ';', which would split a CMake list element.
function(table_file_read who path lines_var shown_var md5_var)
  if(NOT EXISTS "${path}")
    message(FATAL_ERROR "${who}: ${path} does not exist")
  endif()
  set(shown "${path}")
  if(DEFINED SOURCE_DIR)
    file(RELATIVE_PATH shown "${SOURCE_DIR}" "${path}")
  endif()
  file(MD5 "${path}" md5)
  file(READ "${path}" text)
  string(REPLACE "\r\n" "\n" text "${text}")
  string(REGEX REPLACE "\n$" "" text "${text}")
  if(text MATCHES ";")
    message(FATAL_ERROR "${path}: unexpected ';' in the table")
  endif()
  string(REPLACE "\n" ";" lines "${text}")
  set(${lines_var} "${lines}" PARENT_SCOPE)
  set(${shown_var} "${shown}" PARENT_SCOPE)
  set(${md5_var} "${md5}" PARENT_SCOPE)
endfunction()

# table_file_write(OUTPUT CONTENT): through a temporary file, so that a failed or
# interrupted run leaves no partial output.
function(table_file_write output content)
  file(WRITE "${output}.tmp" "${content}")
  file(RENAME "${output}.tmp" "${output}")
endfunction()
