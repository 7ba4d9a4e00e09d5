// SPDX-License-Identifier: MIT
#pragma once
// The CUDA path's rows of `glrand bench` (built with the CUDA path only): each of our kernels
// GPU-resident (device buffer, CUDA events, median of repeats) beside the write-only kernel
// writing the same words in the same run, and the same generator read back to host memory
// through the pinned, overlapped cuda::generate_host beside a device-to-pinned cudaMemcpy of
// the same size; the public API (glrand::Generator::generate) into a caller's std::vector as
// ints, f32 and f64 beside a device-to-pageable cudaMemcpy of the same bytes; and cuRAND's generator of the same name where it has one (MRG32k3a in both
// orderings, MT19937, MTGP32, Sobol32), loaded at run time (bench/curand_library.hpp), beside
// the same write-only ceiling; then the distributions made on the GPU beside the generator's own
// floats, and cuRAND's beside its uniform floats (bench/lib/cuda_distribution_bench.hpp).
// Plain C++ header.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/lib/row.hpp"

namespace glrand::bench {

// The generators the CUDA path has, in the bench's order.
const std::vector<std::string>& cuda_generators();

// Opens CUDA device `ordinal` (default 0) and describes it; throws glrand::DeviceError when
// no GPU is usable.
std::string open_cuda_device(std::optional<int> ordinal);
// The device every row (and every glrand::Generator without a device) uses from now on.
void use_cuda_device(int ordinal);

// The resident row, the readback row, the library rows (library-ints, -f32, -f64), cuRAND's
// rows (profile curand, curand-legacy), then the distribution rows (resident-f32,
// resident-normal, ..., curand-normal, ...) of `generator` for `outputs` outputs on the open
// device.
std::vector<Row> cuda_rows(const std::string& generator, std::uint64_t outputs, int repeats);

}  // namespace glrand::bench
