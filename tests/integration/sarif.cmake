# SARIF validated against the official SARIF 2.1.0 schema (python3-jsonschema); skipped (77)
# without it unless CI is set.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME sarif_schema
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/integration/sarif_validate.py
                   $<TARGET_FILE:clusterc> ${CMAKE_SOURCE_DIR})
  set_tests_properties(sarif_schema PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
endif()
