// Tests name.duplicate for an import: a file import named like a standard module.
import std.nvidia
import "imports/nvidia.cl"
