// ARGS: fmt --check %s
// Tests fmt --check: the file is not in the canonical layout, so it is listed and the exit code
// is 1; nothing is written.
site s {pue=1.1;grid_power=10 MW}
