// The generated parts of the docs match the compiler's own tables (scripts/update-docs.sh
// regenerates them).
#include <catch2/catch.hpp>

#include "driver/reference.h"
#include "tests/unit/support.h"

using clusterc::testing::Slurp;

TEST_CASE("docs/rules.md is the registry's rendering", "[docs]") {
  CHECK(Slurp(std::string(CLUSTERC_SOURCE_DIR) + "/docs/rules.md") == clusterc::RulesMarkdown());
}

TEST_CASE("docs/language.md holds the current field reference", "[docs]") {
  std::string doc = Slurp(std::string(CLUSTERC_SOURCE_DIR) + "/docs/language.md");
  const std::string begin = "<!-- BEGIN GENERATED: clusterc reference -->\n";
  const std::string end = "<!-- END GENERATED -->";
  size_t b = doc.find(begin), e = doc.find(end);
  REQUIRE(b != std::string::npos);
  REQUIRE(e != std::string::npos);
  CHECK(doc.substr(b + begin.size(), e - b - begin.size()) == clusterc::FieldReference());
}
