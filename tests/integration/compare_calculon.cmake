# scripts/compare-calculon.py against a stand-in for Calculon (the real one is never needed).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME compare_calculon
           COMMAND ${Python3_EXECUTABLE}
                   ${CMAKE_CURRENT_SOURCE_DIR}/integration/compare_calculon_test.py
                   $<TARGET_FILE:clusterc> ${CMAKE_SOURCE_DIR})
  set_tests_properties(compare_calculon PROPERTIES TIMEOUT 300)
endif()
