// Tests a file truncated inside a block: end of file where `}` is expected.
gpu g {
  memory = 80 GB
