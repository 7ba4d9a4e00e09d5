// SPDX-License-Identifier: MIT
// The compute profile's entry: invocation s of a 1D range of 64-wide work groups (laid out
// in two dimensions when there are more groups than one dimension allows) runs substream s.
layout(local_size_x = 64) in;

void main() {
  int group = int(gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x);
  int s = group * 64 + int(gl_LocalInvocationID.x);
  if (s < uSubstreams) runSubstream(s);
}
