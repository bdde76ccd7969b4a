# InfoGram paper reproductions on the simulated examples and the small datasets (included by
# CMakeLists.txt here): Example 1 (Sec. 2.6), Example 3 (Fig. 4), UC Berkeley admissions
# (appendix A.4), iris (A.7), MONK-1/2/3 (Example 4), Wisconsin breast cancer (Example 7). Each runs
# configs/infogram/infogram_<name>.toml and prints our figures beside the paper's with a tolerance and a
# verdict; those on shared data exit 77 (skipped) without ../shared/data. About 4.5 min together at
# 1 rank (Example 1 ~2.5 min, Example 3 ~2 min, the rest ~20 s).
foreach(name example1 example3 ucb_admissions wdbc)
  add_test(NAME repro_${name}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/repro_${name}.sh $<TARGET_FILE:admissible>)
  set_tests_properties(repro_${name} PROPERTIES LABELS reproduction TIMEOUT 600
                       SKIP_RETURN_CODE 77)
endforeach()

# Core sets compared as sets, one generic script.
set(core_iris "iris core set" "Petal.Length,Petal.Width")
set(core_monk1 "MONK-1 core set" "a1,a2,a5")
set(core_monk2 "MONK-2 core set" "a1,a2,a3,a4,a5,a6")
set(core_monk3 "MONK-3 core set" "a2,a5")
foreach(name iris monk1 monk2 monk3)
  add_test(NAME repro_${name}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/repro_core_set.sh $<TARGET_FILE:admissible>
                   ${name} ${core_${name}})
  set_tests_properties(repro_${name} PROPERTIES LABELS reproduction TIMEOUT 600
                       SKIP_RETURN_CODE 77)
endforeach()
