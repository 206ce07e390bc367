# The HTML report rendered by a real browser (Debian's chromium); skipped (77) without it unless
# CI is set. The screenshot is kept at ${CMAKE_BINARY_DIR}/artifacts/colossus-report.png.
add_test(NAME report_browser
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/report_browser.sh
                 $<TARGET_FILE:clusterc> ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR})
set_tests_properties(report_browser PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 180)
