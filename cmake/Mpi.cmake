# SPDX-License-Identifier: MIT
# MPI for the glrand command (host/mpi/, docs/mpi.md): under mpirun, `glrand generate` shares
# its outputs among the ranks and writes one file with MPI-IO, and `glrand bench` measures
# every rank at once. GLRAND_MPI: AUTO (the default:
# built where an MPI's C library is found, Debian's Open MPI: libopenmpi-dev), ON (required) or
# OFF. Without it the command runs as one process and refuses to run as several ranks.
set(GLRAND_MPI AUTO CACHE STRING "Build MPI support into the glrand command: AUTO, ON or OFF")
set_property(CACHE GLRAND_MPI PROPERTY STRINGS AUTO ON OFF)

set(glrand_mpi_ok FALSE)
if(NOT GLRAND_MPI STREQUAL "OFF")
  find_package(MPI COMPONENTS C QUIET)
  if(MPI_C_FOUND)
    set(glrand_mpi_ok TRUE)
  elseif(GLRAND_MPI STREQUAL "ON")
    message(FATAL_ERROR "GLRAND_MPI=ON but no MPI C library was found (Debian: libopenmpi-dev)")
  endif()
endif()

if(glrand_mpi_ok)
  message(STATUS "glrand: MPI ${MPI_C_VERSION} (${MPI_C_LIBRARIES}): glrand generate under mpirun")
  target_sources(glrand_cli PRIVATE host/mpi/world_mpi.cpp host/mpi/rank_output.cpp host/mpi/rank_bench.cpp)
  target_link_libraries(glrand_cli PUBLIC MPI::MPI_C)
  # The C API from C++: without the deprecated C++ bindings, which need a library of their own.
  target_compile_definitions(glrand_cli PUBLIC GLRAND_HAVE_MPI=1 OMPI_SKIP_MPICXX=1 MPICH_SKIP_MPICXX=1)
  find_program(GLRAND_MPIEXEC NAMES mpirun mpiexec HINTS ${MPIEXEC_EXECUTABLE})
else()
  message(STATUS "glrand: no MPI (GLRAND_MPI=${GLRAND_MPI}): glrand generate runs as one process")
  target_sources(glrand_cli PRIVATE host/mpi/world_single.cpp)
endif()
