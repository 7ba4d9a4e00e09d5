// SPDX-License-Identifier: MIT
#include "bench/lib/curand_library.hpp"

#include <dlfcn.h>
#include <link.h>

#include <mutex>

namespace glrand::bench {
namespace {

template <class F>
bool resolve(void* handle, const char* name, F& f, std::string& why) {
  f = reinterpret_cast<F>(dlsym(handle, name));
  if (!f) why = std::string("the cuRAND library has no ") + name;
  return f != nullptr;
}

}  // namespace

const CurandLibrary* curand_library(std::string& why) {
  static std::once_flag once;
  static CurandLibrary library;
  static const CurandLibrary* loaded = nullptr;
  static std::string failure;
  std::call_once(once, [] {
    void* handle = nullptr;
    std::string tried;
    for (const char* name : {"libcurand.so.10", "libcurand.so"}) {
      if ((handle = dlopen(name, RTLD_NOW | RTLD_LOCAL))) break;
      tried += std::string(tried.empty() ? "" : "; ") + dlerror();
    }
    if (!handle) {
      failure = "cuRAND not found (" + tried + ")";
      return;
    }
    if (!resolve(handle, "curandCreateGenerator", library.create, failure) ||
        !resolve(handle, "curandDestroyGenerator", library.destroy, failure) ||
        !resolve(handle, "curandSetPseudoRandomGeneratorSeed", library.set_seed, failure) ||
        !resolve(handle, "curandSetGeneratorOrdering", library.set_ordering, failure) ||
        !resolve(handle, "curandSetQuasiRandomGeneratorDimensions", library.set_dimensions, failure) ||
        !resolve(handle, "curandSetGeneratorOffset", library.set_offset, failure) ||
        !resolve(handle, "curandGenerate", library.generate, failure) ||
        !resolve(handle, "curandGenerateUniform", library.generate_uniform, failure) ||
        !resolve(handle, "curandGenerateNormal", library.generate_normal, failure) ||
        !resolve(handle, "curandGenerateLogNormal", library.generate_log_normal, failure) ||
        !resolve(handle, "curandGeneratePoisson", library.generate_poisson, failure))
      return;
    const link_map* map = nullptr;
    library.path = dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map ? map->l_name : "libcurand";
    loaded = &library;
  });
  if (!loaded) why = failure;
  return loaded;
}

}  // namespace glrand::bench
