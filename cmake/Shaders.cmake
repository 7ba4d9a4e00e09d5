# SPDX-License-Identifier: MIT
# The shaders: composed from shaders/common, validated by glslang, checked against ps_3_0 and
# embedded into the library; the build-time programs that do it (shaders/tools/).
find_package(SPIRV-Tools-opt REQUIRED)
# The ps30 checker (host/ps30/) with the instruction-count proxy: used by embed_shaders at
# build time and by `glrand check-shaders`.
add_library(glrand_ps30_checker STATIC host/ps30/ps30_checker.cpp host/ps30/instruction_count.cpp)
target_include_directories(glrand_ps30_checker PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/host/ps30)
target_link_libraries(glrand_ps30_checker PUBLIC glslang::glslang glslang::SPIRV glslang::glslang-default-resource-limits
                                                 SPIRV-Tools-opt)
add_executable(embed_shaders shaders/tools/embed_shaders.cpp)
target_link_libraries(embed_shaders PRIVATE glrand_ps30_checker)
# Translates the arithmetic modules into C++ for the hostile-arithmetic tests (tests/hostile).
add_executable(glsl_to_cpp shaders/tools/glsl_to_cpp.cpp)

set(GLRAND_SHADERS
  fullscreen.vert
  ceicg.frag
  park_miller.frag
  park_miller_texture.frag
  wichmann_hill_texture.frag
  mrg32k3a_texture.frag
  wichmann_hill.frag
  mrg32k3a.frag
  mrg32k3a_advance.frag
  fill.frag
  # The distribution pass of texture fills: a texture's uniform floats into a distribution's values.
  distribution.frag
  # `glrand view`'s picture of values made on the GPU.
  display_range.frag
  # The scatter and compute profiles: one entry per generator and profile.
  scatter/ceicg.frag
  scatter/park_miller.frag
  scatter/wichmann_hill.frag
  scatter/mrg32k3a.frag
  compute/ceicg.comp
  compute/park_miller.comp
  compute/wichmann_hill.comp
  compute/mrg32k3a.comp
  scatter/write.frag
  compute/write.comp
  # Texture fills in the compute profile: the states in a storage buffer, the caller's textures as images.
  compute/park_miller_texture.comp
  compute/wichmann_hill_texture.comp
  compute/mrg32k3a_texture.comp
  compute/ceicg_texture.comp
  compute/fill_image.comp
  compute/distribution.comp
  # Read-back: a pass's outputs turned into words and checked on the GPU.
  readback/pack_words.comp
  # Read-back from a second context: a pass's packed words copied into an image for a pixel read.
  readback/words_to_image.comp
)
# Variants (FILE:DEFINE=VALUE,...), from each shader's own `// glrand: variant D=V,...` lines:
# every variant the library compiles at run time (of a compute texture fill's run length,
# RUN_TEXELS, the longest and the shortest), validated and measured so that each pass's
# instruction count is known (glrand info -g NAME). Candidates (`// glrand: candidate ...`):
# the larger passes the engine picks from within the budget; it renders one only if it fits
# 512 slots. The ps30 check applies every rule but the budget to them (every variant, the
# 1-target fallbacks, must fit).
set(GLRAND_SHADER_VARIANTS)
set(GLRAND_SHADER_CANDIDATES)
foreach(shader IN LISTS GLRAND_SHADERS)
  file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/shaders/${shader} declared REGEX "^// glrand: (variant|candidate) [A-Z_]+=")
  foreach(line IN LISTS declared)
    string(REGEX MATCH "^// glrand: (variant|candidate) ([A-Z_0-9=,]+)$" matched "${line}")
    if(NOT matched)
      message(FATAL_ERROR "shaders/${shader}: '${line}' is not `// glrand: variant|candidate DEFINE=VALUE,...`")
    endif()
    if(CMAKE_MATCH_1 STREQUAL "variant")
      list(APPEND GLRAND_SHADER_VARIANTS ${shader}:${CMAKE_MATCH_2})
    else()
      list(APPEND GLRAND_SHADER_CANDIDATES ${shader}:${CMAKE_MATCH_2})
    endif()
  endforeach()
endforeach()
# The float arithmetic every profile shares: also translated to C++ for the hostile-
# arithmetic tests (tests/hostile), so these must stay within glsl_to_cpp's GLSL subset.
set(GLRAND_ARITHMETIC_MODULES
  common/exact_division.glsl
  common/modular.glsl
  common/ceicg_core.glsl
  common/byte_arithmetic.glsl
  common/mulmod24.glsl
  common/balanced_residues.glsl
  common/extended_range.glsl
)
set(GLRAND_SHADER_MODULES
  ${GLRAND_ARITHMETIC_MODULES}
  common/mrg32k3a_step.glsl
  common/distributions.glsl
  common/distribution_values.glsl
  common/normal_quantile.glsl
  common/poisson_table.glsl
  common/limb_arithmetic.glsl
  common/stream_buffers.glsl
  streams/ceicg.glsl
  streams/park_miller.glsl
  streams/wichmann_hill.glsl
  streams/mrg32k3a.glsl
  streams/write.glsl
  scatter/main.glsl
  compute/main.glsl
  compute/texture_main.glsl
  compute/texture_images.glsl
  readback/unit_values.glsl
  readback/pack_rule.glsl
  readback/pack_in_pass.glsl
)
list(TRANSFORM GLRAND_SHADERS PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/shaders/ OUTPUT_VARIABLE shader_paths)
list(TRANSFORM GLRAND_SHADER_MODULES PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/shaders/ OUTPUT_VARIABLE module_paths)
# The variant lines are read when configuring: a changed shader configures again.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${shader_paths})
set(shader_cpp ${CMAKE_CURRENT_BINARY_DIR}/generated/shader_sources.cpp)
add_custom_command(
  OUTPUT ${shader_cpp}
  COMMAND embed_shaders --root ${CMAKE_CURRENT_SOURCE_DIR}/shaders --out ${shader_cpp} ${GLRAND_SHADERS} ${GLRAND_SHADER_VARIANTS}
          --candidates ${GLRAND_SHADER_CANDIDATES}
  DEPENDS embed_shaders ${shader_paths} ${module_paths}
  COMMENT "Composing, validating (glslang) and embedding shaders"
  VERBATIM)
