# SPDX-License-Identifier: MIT
# --- Wichmann-Hill parameter table: third_party CSV -> generated C++ ----------------------
set(wh_table_csv ${CMAKE_CURRENT_SOURCE_DIR}/third_party/wichmann_hill_273/wichmann_hill_273.csv)
set(wh_table_cpp ${CMAKE_BINARY_DIR}/generated/wichmann_hill_table.cpp)
add_custom_command(
  OUTPUT ${wh_table_cpp}
  COMMAND ${CMAKE_COMMAND} -DCSV=${wh_table_csv} -DOUTPUT=${wh_table_cpp} -DSOURCE_DIR=${CMAKE_CURRENT_SOURCE_DIR}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/GenerateWichmannHillTable.cmake
  DEPENDS ${wh_table_csv} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/GenerateWichmannHillTable.cmake
          ${CMAKE_CURRENT_SOURCE_DIR}/cmake/TableFile.cmake
  COMMENT "Generating the Wichmann-Hill parameter table from its CSV"
  VERBATIM)

# --- Sobol32 direction numbers: third_party/joe_kuo (Joe & Kuo's file) -> generated C++ ------
set(joe_kuo_table ${CMAKE_CURRENT_SOURCE_DIR}/third_party/joe_kuo/new-joe-kuo-6.21201)
set(joe_kuo_cpp ${CMAKE_BINARY_DIR}/generated/joe_kuo_table.cpp)
add_custom_command(
  OUTPUT ${joe_kuo_cpp}
  COMMAND ${CMAKE_COMMAND} -DTABLE=${joe_kuo_table} -DOUTPUT=${joe_kuo_cpp} -DSOURCE_DIR=${CMAKE_CURRENT_SOURCE_DIR}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/GenerateJoeKuoTable.cmake
  DEPENDS ${joe_kuo_table} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/GenerateJoeKuoTable.cmake
          ${CMAKE_CURRENT_SOURCE_DIR}/cmake/TableFile.cmake
  COMMENT "Generating the Sobol32 direction-number table from Joe & Kuo's file"
  VERBATIM)

# --- MTGP32 parameter table: third_party CSV -> generated C++ --------------------------------
set(mtgp32_table_csv ${CMAKE_CURRENT_SOURCE_DIR}/third_party/mtgp32_11213/mtgp32_11213.csv)
set(mtgp32_table_cpp ${CMAKE_BINARY_DIR}/generated/mtgp32_table.cpp)
add_custom_command(
  OUTPUT ${mtgp32_table_cpp}
  COMMAND ${CMAKE_COMMAND} -DCSV=${mtgp32_table_csv} -DOUTPUT=${mtgp32_table_cpp} -DSOURCE_DIR=${CMAKE_CURRENT_SOURCE_DIR}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/GenerateMtgp32Table.cmake
  DEPENDS ${mtgp32_table_csv} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/GenerateMtgp32Table.cmake
          ${CMAKE_CURRENT_SOURCE_DIR}/cmake/TableFile.cmake
  COMMENT "Generating the MTGP32 parameter table from its CSV"
  VERBATIM)
