# Fair Forests pipeline: identical result files (outside /timing) at 1, 2 and 4 ranks.
add_test(NAME mpi_fairforest_ranks
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/fairforest_ranks.sh $<TARGET_FILE:admissible>)
set_tests_properties(mpi_fairforest_ranks PROPERTIES LABELS mpi TIMEOUT 300 SKIP_RETURN_CODE 77)
