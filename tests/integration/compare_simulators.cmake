# scripts/compare-simulators.py against stand-ins for Calculon, ASTRA-sim and SimAI (the real
# ones are never needed).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME compare_simulators
           COMMAND ${Python3_EXECUTABLE}
                   ${CMAKE_CURRENT_SOURCE_DIR}/integration/compare_simulators_test.py
                   $<TARGET_FILE:clusterc> ${CMAKE_SOURCE_DIR})
  set_tests_properties(compare_simulators PROPERTIES TIMEOUT 300)
endif()
