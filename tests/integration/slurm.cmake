# The generated Slurm configuration of every example, started by the real slurmctld on loopback
# (tests/integration/slurm_integration.sh): it loads, sbatch --test-only accepts every script, and
# real slurmd daemons register two nodes of each. Skips (exit 77) when slurmctld is not installed,
# unless the CI environment variable is set, when it fails instead.
add_test(NAME slurm_integration
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/slurm_integration.sh
                 $<TARGET_FILE:clusterc> ${CMAKE_SOURCE_DIR})
set_tests_properties(slurm_integration PROPERTIES TIMEOUT 600 SKIP_RETURN_CODE 77
                                                  LABELS integration)

# The configuration of a hostile spec (strings and a file name that try to end comments and add
# directives or commands) loads in the real slurmctld like any example's
# (tests/integration/slurm_injection.sh).
add_test(NAME slurm_injection
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/slurm_injection.sh
                 $<TARGET_FILE:clusterc> ${CMAKE_SOURCE_DIR})
set_tests_properties(slurm_injection PROPERTIES TIMEOUT 600 SKIP_RETURN_CODE 77
                                                LABELS integration)
