// Tests name.unknown inside a module, with a suggestion from the module's declarations.
import std.nvidia
gpu g extends nvidia.H100_SXM { }
