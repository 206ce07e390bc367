// The mutator of the targets whose input is a spec (frontend, build): token-level (mutator.cpp).
#include "fuzz/fuzz_common.h"

// libFuzzer calls this instead of its own mutations when a target links it.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  return clusterc::fuzz::MutateTokens(data, size, max_size, seed);
}
