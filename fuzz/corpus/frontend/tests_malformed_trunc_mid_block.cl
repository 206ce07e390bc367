gpu g {
  memory = 80 GB
  memory_band