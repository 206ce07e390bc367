// Tests a field without `=`: `=` is among the expected tokens, with a fix-it that inserts it.
gpu g {
  memory 80 GB
}
