gpu g { import std.nvidia }
