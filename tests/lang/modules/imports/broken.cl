// Import target of modules/error_in_import.cl: an unknown unit on line 2.
let y = 80 GBB
