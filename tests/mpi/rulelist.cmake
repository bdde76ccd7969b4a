# Fair rule lists at 1, 2 and 4 ranks: brute force = distributed branch-and-bound, same optimum
# at every rank count (probe), and the rulelist pipeline at 1 and 2 ranks.
add_executable(rulelist_probe ${CMAKE_CURRENT_SOURCE_DIR}/rulelist_probe.cpp)
target_link_libraries(rulelist_probe PRIVATE adm_pipelines)
add_test(NAME mpi_rulelist_ranks
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/rulelist_ranks.sh $<TARGET_FILE:rulelist_probe>
                 $<TARGET_FILE:admissible>)
set_tests_properties(mpi_rulelist_ranks PROPERTIES LABELS mpi TIMEOUT 300)
add_test(NAME mpi_rulelist_memory
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/rulelist_memory.sh $<TARGET_FILE:admissible>)
set_tests_properties(mpi_rulelist_memory PROPERTIES LABELS mpi TIMEOUT 300)
