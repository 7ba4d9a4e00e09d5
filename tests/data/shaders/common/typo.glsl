// An included module with an error on line 3.
vec4 typo() {
  return vec4(1.0) * undeclared_value;
}
