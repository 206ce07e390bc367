// std.intel: Intel host CPUs.

// Intel Xeon Platinum 8480+ (4th gen, "Sapphire Rapids") on Intel ARK: 56 cores / 112 threads,
// TDP 350 W. NVIDIA DGX H100 uses two of the 8480C, the custom variant with the same core count
// (DGX H100 user guide: "2x Intel Xeon Platinum 8480C, 112 cores total").
cpu Xeon_Platinum_8480 {
  vendor           = "Intel"
  cores            = 56     // Intel ARK
  threads_per_core = 2      // 112 threads (Intel ARK)
  tdp              = 350 W  // Intel ARK
}
