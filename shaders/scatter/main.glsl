// SPDX-License-Identifier: MIT
// The scatter profile's entry: a fragment pass over a framebuffer without attachments,
// pixel x + width·y running substream s = that index; it writes only storage buffers.
uniform int uWidth;

void main() {
  int s = int(gl_FragCoord.x) + uWidth * int(gl_FragCoord.y);
  if (s < uSubstreams) runSubstream(s);
}
