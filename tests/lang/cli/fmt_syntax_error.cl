// ARGS: fmt %s
// Tests fmt on a file with a syntax error: it is left untouched and the diagnostic is shown.
site s {
  pue = = 1.1
}
