// Tests source.empty: a file holding only comments and an import declares nothing.
import std.nvidia
/* nothing else */
