# Where the fair rule-list search's lower bound is loose: the root relaxation against the best
# lists of each length (NOTES.md, "A bound that charges rules (issue 30 item 1)").
add_executable(rulelist_bound_gap ${CMAKE_CURRENT_SOURCE_DIR}/rulelist_bound_gap.cpp)
target_link_libraries(rulelist_bound_gap PRIVATE adm_pipelines)
