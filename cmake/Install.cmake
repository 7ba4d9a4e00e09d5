# SPDX-License-Identifier: MIT
# `cmake --install`: the library (glrand::glrand, glrand::cuda where built), its public
# headers, a CMake package (find_package(glrand)), a pkg-config file (glrand.pc; the library
# is static: pkg-config --static --libs glrand) and the glrand command.
include(CMakePackageConfigHelpers)
set(glrand_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/glrand)
set(glrand_installed glrand_lib)
if(GLRAND_CUDA)
  list(APPEND glrand_installed glrand_cuda)
endif()
install(TARGETS ${glrand_installed} EXPORT glrandTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY host/include/glrand DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp")
install(FILES ${PROJECT_BINARY_DIR}/generated/include/glrand/version.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/glrand)
install(EXPORT glrandTargets NAMESPACE glrand:: DESTINATION ${glrand_cmake_dir})
configure_package_config_file(cmake/glrandConfig.cmake.in ${PROJECT_BINARY_DIR}/glrandConfig.cmake
                              INSTALL_DESTINATION ${glrand_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/glrandConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/glrandConfig.cmake ${PROJECT_BINARY_DIR}/glrandConfigVersion.cmake
        DESTINATION ${glrand_cmake_dir})
# The static library's own needs beyond the pkg-config packages it names.
set(GLRAND_PC_PRIVATE_LIBS "-lpthread")
if(CMAKE_DL_LIBS)
  set(GLRAND_PC_PRIVATE_LIBS "-lpthread -l${CMAKE_DL_LIBS}")
endif()
if(GLRAND_CUDA)
  string(PREPEND GLRAND_PC_PRIVATE_LIBS "-L${CUDAToolkit_LIBRARY_DIR} -lcudart_static -lrt ")
endif()
# @ONLY at install time, so that a --prefix given to `cmake --install` lands in the file.
install(CODE "
  set(CMAKE_INSTALL_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(CMAKE_INSTALL_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  set(CMAKE_INSTALL_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  set(PROJECT_VERSION \"${PROJECT_VERSION}\")
  set(GLRAND_PC_PRIVATE_LIBS \"${GLRAND_PC_PRIVATE_LIBS}\")
  configure_file(\"${PROJECT_SOURCE_DIR}/cmake/glrand.pc.in\" \"${PROJECT_BINARY_DIR}/glrand.pc\" @ONLY)
  file(INSTALL \"${PROJECT_BINARY_DIR}/glrand.pc\" DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig\")
")
install(TARGETS glrand RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
