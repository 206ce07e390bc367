# `clusterc search --slurm-array` against the real slurmctld and slurmd on loopback
# (tests/integration/search_slurm.sh): sbatch --test-only, then the array and its afterok merge
# run for real when slurmd can; the merged answer must equal the unsharded one.
add_test(NAME search_slurm
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/search_slurm.sh
                 $<TARGET_FILE:clusterc> ${CMAKE_SOURCE_DIR})
set_tests_properties(search_slurm PROPERTIES TIMEOUT 400 SKIP_RETURN_CODE 77 LABELS integration)
