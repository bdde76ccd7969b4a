# Fair naive Bayes pattern mining over frontier_search: identical results at 1, 2 and 4 ranks (and
# more, and over fake nodes with relays between their leaders).
add_test(NAME mpi_patterns_ranks
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/patterns_ranks.sh $<TARGET_FILE:admissible>)
set_tests_properties(mpi_patterns_ranks PROPERTIES LABELS mpi TIMEOUT 300 SKIP_RETURN_CODE 77)
