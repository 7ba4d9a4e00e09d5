# SPDX-License-Identifier: MIT
# The Python module (host/python/, docs/python.md): glrand._glrand, built with pybind11 on the
# static library, beside the package's Python files in ${PROJECT_BINARY_DIR}/python/glrand,
# so that PYTHONPATH=build/python imports it from the build tree. GLRAND_PYTHON: AUTO (the
# default: built where pybind11, Python's headers and NumPy are found), ON (required) or OFF.
set(GLRAND_PYTHON AUTO CACHE STRING "Build the Python module: AUTO, ON or OFF")
set_property(CACHE GLRAND_PYTHON PROPERTY STRINGS AUTO ON OFF)

function(glrand_python_numpy_include interpreter result)
  execute_process(COMMAND ${interpreter} -c "import numpy; print(numpy.get_include())"
                  OUTPUT_VARIABLE include RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(failed)
    set(${result} "" PARENT_SCOPE)
  else()
    set(${result} "${include}" PARENT_SCOPE)
  endif()
endfunction()

set(glrand_python_ok FALSE)
if(NOT GLRAND_PYTHON STREQUAL "OFF")
  # The interpreter: Python3_EXECUTABLE where given; else the first python3 on PATH that has
  # NumPy (one first on PATH, pyenv's say, may lack it), else Debian's.
  if(NOT Python3_EXECUTABLE)
    find_program(glrand_path_python python3)
    foreach(candidate IN ITEMS ${glrand_path_python} /usr/bin/python3)
      if(EXISTS ${candidate})
        glrand_python_numpy_include(${candidate} glrand_numpy_include)
        if(glrand_numpy_include)
          set(Python3_EXECUTABLE ${candidate} CACHE FILEPATH "The Python the module is built for")
          break()
        endif()
      endif()
    endforeach()
  endif()
  find_package(Python3 COMPONENTS Interpreter Development.Module)
  if(Python3_FOUND)
    glrand_python_numpy_include(${Python3_EXECUTABLE} glrand_numpy_include)
  endif()
  find_package(pybind11 2.10 CONFIG QUIET)
  if(Python3_FOUND AND glrand_numpy_include AND pybind11_FOUND)
    set(glrand_python_ok TRUE)
  elseif(GLRAND_PYTHON STREQUAL "ON")
    message(FATAL_ERROR "GLRAND_PYTHON=ON needs Python 3 with its headers, NumPy and pybind11 "
                        "(scripts/setup-debian.sh installs them)")
  else()
    message(STATUS "glrand: no Python module (needs Python 3 with its headers, NumPy and pybind11)")
  endif()
endif()

if(glrand_python_ok)
  message(STATUS "glrand: the Python module, for ${Python3_EXECUTABLE} (NumPy ${glrand_numpy_include})")
  set(glrand_python_dir ${PROJECT_BINARY_DIR}/python/glrand)
  pybind11_add_module(glrand_python MODULE
    host/python/module.cpp
    host/python/settings_dict.cpp
    host/python/generator_handle.cpp
    host/python/bit_source.cpp)
  target_link_libraries(glrand_python PRIVATE glrand_lib)
  # numpy/random/bitgen.h: NumPy's bit-generator interface.
  target_include_directories(glrand_python SYSTEM PRIVATE ${glrand_numpy_include})
  set_target_properties(glrand_python PROPERTIES OUTPUT_NAME _glrand LIBRARY_OUTPUT_DIRECTORY ${glrand_python_dir})
  # The package's Python files beside it (copied again when they change).
  file(GLOB glrand_python_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/host/python/glrand/*.py)
  foreach(source IN LISTS glrand_python_sources)
    get_filename_component(name ${source} NAME)
    configure_file(${source} ${glrand_python_dir}/${name} COPYONLY)
  endforeach()
endif()
