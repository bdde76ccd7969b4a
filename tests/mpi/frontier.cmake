# The distributed frontier search (src/parallel/frontier_search): same certified optimum at 1, 2 and 4
# ranks, checked against brute force; a failure on one rank ends all ranks without a hang.
add_executable(frontier_probe frontier_probe.cpp)
target_link_libraries(frontier_probe PRIVATE adm_parallel)
target_include_directories(frontier_probe PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/..)
add_test(NAME mpi_frontier_ranks
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/frontier_ranks.sh $<TARGET_FILE:frontier_probe>)
# Alone: its 8- and 16-rank runs oversubscribe the 2 cores, and beside another heavy test (ctest
# -j2 paired it with repro_infogram) it took 36-140 s and twice passed 300 s; alone 25-40 s.
set_tests_properties(mpi_frontier_ranks PROPERTIES LABELS mpi TIMEOUT 300 RUN_SERIAL TRUE)
