# InfoGram paper reproductions still as scripts (included by CMakeLists.txt here; the rest of the
# paper is repro_infogram, papers.cmake): Example 3 (Fig. 4) over five draws (~2 min at 1 rank).
add_test(NAME repro_example3
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/repro_example3.sh $<TARGET_FILE:admissible>)
set_tests_properties(repro_example3 PROPERTIES LABELS reproduction TIMEOUT 600 SKIP_RETURN_CODE 77)
