// A local file whose stem collides with std.nvidia (names/duplicate_import.cl).
let local = 1
