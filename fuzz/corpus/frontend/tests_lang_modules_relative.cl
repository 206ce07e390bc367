// Tests a relative file import: the module's name is the file's stem (`parts`); this file is clean.
import "imports/parts.cl"
gpu mine extends parts.g { memory = 96 GB }
let m = parts.base_memory * 2
