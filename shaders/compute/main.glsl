// SPDX-License-Identifier: MIT
// The compute profile's entry: invocation s of a 1D range of 64-wide work groups (laid out
// in two dimensions when there are more groups than one dimension allows) runs substream s.
// A pass that packs its own outputs stores them through barriers, which every invocation of a
// group must reach: one past the last substream runs substream P − 1's arithmetic and stores
// nothing (readback/pack_in_pass.glsl).
layout(local_size_x = 64) in;
#if PACK_IN_PASS
#if PASS_GROUP != 64
#error "readback/pack_in_pass.glsl's PASS_GROUP is not this work group's size"
#endif
#endif

void main() {
  int group = int(gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x);
  int s = group * 64 + int(gl_LocalInvocationID.x);
#if PACK_IN_PASS
  gStores = s < uSubstreams;
  runSubstream(min(s, uSubstreams - 1));
#else
  if (s < uSubstreams) runSubstream(s);
#endif
}
