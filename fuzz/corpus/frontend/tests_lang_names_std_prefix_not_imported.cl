// Tests `std.models.x` when std.models is not imported.
let l = std.models.llama3_70b.layers
