# The VS Code extension's grammar under vscode-textmate (npm); skipped (77) without npm.
add_test(NAME vscode_grammar
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/vscode_tokenize.sh
                 ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR})
set_tests_properties(vscode_grammar PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
