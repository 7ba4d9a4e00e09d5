// SPDX-License-Identifier: MIT
#pragma once
// Generator headers are shared by the CPU reference and the CUDA kernels: their step
// functions carry GLRAND_HOST_DEVICE, which is __host__ __device__ under nvcc.
#if defined(__CUDACC__)
#define GLRAND_HOST_DEVICE __host__ __device__
#else
#define GLRAND_HOST_DEVICE
#endif
