# Pattern mining with relays between node leaders (fake nodes, ADM_FARM_NODE_RANKS): results
# identical to 1 rank's.
add_test(NAME mpi_patterns_relays
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/patterns_relays_ranks.sh $<TARGET_FILE:admissible>)
set_tests_properties(mpi_patterns_relays PROPERTIES LABELS mpi TIMEOUT 300 SKIP_RETURN_CODE 77)
