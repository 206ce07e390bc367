// Tests name.unknown for a module that is not imported: the note says to add `import std.nvidia`.
gpu g extends nvidia.H100_SXM5 { }
