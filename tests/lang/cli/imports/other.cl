// Second file of cli/two_files.cl.
let y = 2 WW
