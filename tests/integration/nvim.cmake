# Neovim's built-in LSP client against clusterc lsp; skipped (77) without nvim unless CI is set.
add_test(NAME nvim_lsp
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/integration/nvim_lsp.sh
                 $<TARGET_FILE:clusterc> ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR})
set_tests_properties(nvim_lsp PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 180)
