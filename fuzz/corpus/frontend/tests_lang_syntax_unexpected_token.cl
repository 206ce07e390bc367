// Tests syntax.unexpected-token: a field without `=`; the message names what could follow.
gpu g {
  memory 80 GB
}
