// SPDX-License-Identifier: MIT
// glsl_to_cpp must refuse this: `.size` is neither a swizzle nor a struct field.
struct Pair { float first; float second; };
float total(Pair p) { return p.first + p.size; }
