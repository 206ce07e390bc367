// Tests recovery: two syntax errors in one file are both reported, in source order.
gpu g {
  memory = = 80 GB
  tdp = 700 W
}
let a = 1 +
let b = 2
