# SPDX-License-Identifier: MIT
# Runs the normal quantile's fit into a temporary directory and compares its outputs with the
# committed shaders/common/normal_quantile.glsl and host/cuda/normal_quantile.hpp (ctest:
# normal_quantile_fit_is_committed).
string(RANDOM LENGTH 12 suffix)
set(dir "$ENV{TMPDIR}")
if(NOT dir)
  set(dir /tmp)
endif()
set(dir "${dir}/glrand-fit-${suffix}")
file(MAKE_DIRECTORY "${dir}")
execute_process(COMMAND "${FIT}" --out "${dir}/normal_quantile.glsl" --cuda-out "${dir}/normal_quantile.hpp"
                RESULT_VARIABLE status OUTPUT_VARIABLE printed)
message("${printed}")
if(NOT status EQUAL 0)
  file(REMOVE_RECURSE "${dir}")
  message(FATAL_ERROR "fit_normal_quantile failed: ${status}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${dir}/normal_quantile.glsl" "${COMMITTED}" RESULT_VARIABLE differ)
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${dir}/normal_quantile.hpp" "${COMMITTED_CUDA}"
                RESULT_VARIABLE differ_cuda)
file(REMOVE_RECURSE "${dir}")
if(differ OR differ_cuda)
  message(FATAL_ERROR "${COMMITTED} or ${COMMITTED_CUDA} is not what shaders/tools/fit_normal_quantile.cpp writes: "
                      "run it with --out and --cuda-out there")
endif()
