# The audit with data.layout = "split" (each rank reads its byte range of the CSV file): result
# files identical at 1, 2 and 4 ranks, and equal to the row-based audit outside the bootstrap.
add_test(NAME mpi_split_audit_ranks
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/split_audit_ranks.sh $<TARGET_FILE:admissible>)
set_tests_properties(mpi_split_audit_ranks PROPERTIES LABELS mpi TIMEOUT 300)
