// Tests an unclosed `{`: the message names the line where it opened.
cpu c { cores = 64 }
gpu g {
  memory = 80 GB
  tdp = 700 W
