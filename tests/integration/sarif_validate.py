#!/usr/bin/env python3
"""SARIF from `clusterc check` validated against the official SARIF 2.1.0 JSON schema (OASIS,
vendored in tests/data/sarif with its licence), for every language test input at once (every
kind of diagnostic), a usage error and a clean file; plus what GitHub code scanning needs:
relative URIs under %SRCROOT%, proper URIs for the standard library, a helpUri per rule, related
locations with full regions, invocations.

    sarif_validate.py CLUSTERC SOURCE_DIR

Without python3-jsonschema: exit 77 (skipped), or fail when CI is set."""
import glob
import json
import os
import subprocess
import sys

clusterc, source_dir = sys.argv[1], sys.argv[2]
try:
    import jsonschema
except ImportError:
    print("sarif_validate: python3-jsonschema is not installed", file=sys.stderr)
    sys.exit(1 if os.environ.get("CI") else 77)

with open(os.path.join(source_dir, "tests/data/sarif/sarif-schema-2.1.0.json")) as f:
    schema = json.load(f)
validator = jsonschema.Draft4Validator(schema)
failures = []


def fail(message):
    failures.append(message)
    print("sarif_validate: FAIL: " + message, file=sys.stderr)


def check(label, args, expect_success):
    # --error-limit 0: every diagnostic of every input, not the first 20 errors.
    run = subprocess.run([clusterc, "check", "--format", "sarif", "--error-limit", "0"] + args,
                         cwd=source_dir,
                         capture_output=True, text=True)
    try:
        doc = json.loads(run.stdout)
    except json.JSONDecodeError as e:
        fail(f"{label}: not JSON: {e}")
        return None
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    for e in errors[:10]:
        fail(f"{label}: schema: {'/'.join(map(str, e.path))}: {e.message}")
    if doc.get("$schema", "").find("docs.oasis-open.org/sarif/sarif/v2.1.0") < 0:
        fail(f"{label}: $schema is not the OASIS schema: {doc.get('$schema')}")
    run0 = doc["runs"][0]
    if run0.get("invocations", [{}])[0].get("executionSuccessful") is not expect_success:
        fail(f"{label}: executionSuccessful is not {expect_success}")
    for rule in run0["tool"]["driver"]["rules"]:
        if not rule.get("helpUri", "").endswith("rules.md#" + rule["id"].replace(".", "")):
            fail(f"{label}: rule {rule['id']} has helpUri {rule.get('helpUri')}")
    bases = run0.get("originalUriBaseIds", {})
    for result in run0["results"]:
        locations = [l["physicalLocation"] for l in result.get("locations", [])]
        locations += [l["physicalLocation"] for l in result.get("relatedLocations", [])
                      if "physicalLocation" in l]
        for loc in locations:
            art = loc["artifactLocation"]
            uri, base = art["uri"], art.get("uriBaseId")
            if base is None and not uri.startswith("file:///"):
                fail(f"{label}: {result['ruleId']}: uri {uri} is neither relative nor absolute")
            if base is not None and (base not in bases or uri.startswith("/") or "<" in uri):
                fail(f"{label}: {result['ruleId']}: uri {uri} under unknown base {base}")
            region = loc["region"]
            if not all(k in region for k in ("startLine", "startColumn", "endLine", "endColumn")):
                fail(f"{label}: {result['ruleId']}: region without full extent: {region}")
    return doc


inputs = sorted(glob.glob("tests/lang/**/*.cl", root_dir=source_dir, recursive=True))
doc = check("every language test input", inputs, True)
if doc:
    codes = {r["ruleId"] for r in doc["runs"][0]["results"]}
    related = sum(len(r.get("relatedLocations", [])) for r in doc["runs"][0]["results"])
    suppressed = sum(1 for r in doc["runs"][0]["results"] if r.get("suppressions"))
    print(f"sarif_validate: {len(inputs)} inputs, {len(doc['runs'][0]['results'])} results, "
          f"{len(codes)} distinct codes, {related} related locations, {suppressed} suppressed")
    if len(codes) < 45 or related == 0 or suppressed == 0:
        fail("the inputs did not exercise enough kinds of diagnostic")
    if '"uriBaseId": "CLUSTERC_STDLIB"' not in json.dumps(doc, indent=1):
        fail("no location in the standard library was exercised")
check("a usage error", ["--no-such-option", "examples/colossus.cl"], False)
check("an unreadable file", ["no/such/file.cl"], False)
clean = check("a clean example", ["examples/colossus.cl"], True)
sys.exit(1 if failures else 0)
