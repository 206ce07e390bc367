// Tokenises every example (and stdlib file) with the extension's TextMate grammar through
// vscode-textmate + vscode-oniguruma (the engine VS Code uses) and compares the scopes of
// selected lines with test/scopes.golden.json. Whitespace tokens are left out, so layout changes
// (clusterc fmt) do not move the golden. UPDATE_GOLDEN=1 rewrites it.
//   node test/tokenize.test.js REPO_ROOT
const fs = require('fs');
const path = require('path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const root = path.resolve(process.argv[2] || path.join(__dirname, '..', '..', '..'));
const here = path.join(__dirname, '..');
const goldenPath = path.join(__dirname, 'scopes.golden.json');

// The lines whose scopes are checked: the first line of each file that starts with the key.
const selected = {
  'examples/colossus.cl': [
    'import std.nvidia', 'site memphis', '  electricity', '  gpus', '  topology',
    '// clusterc: allow', 'require colossus.facility_power', 'require colossus.rack_power',
    '  tied_embeddings', '  parallel'],
  'examples/h100_10k.cl': ['require h100_10k.capex'],
  'examples/meta_24k.cl': ['  topology'],
  'stdlib/nvidia.cl': ['gpu H100_SXM5'],
};

async function main() {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) => {
      if (scope !== 'source.clusterc') return null;
      const file = path.join(here, 'syntaxes', 'clusterc.tmLanguage.json');
      return vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file);
    },
  });
  const grammar = await registry.loadGrammar('source.clusterc');
  const files = [];
  for (const dir of ['examples', 'stdlib'])
    for (const f of fs.readdirSync(path.join(root, dir)).sort())
      if (f.endsWith('.cl')) files.push(`${dir}/${f}`);

  const actual = {};
  let lines = 0, tokens = 0, untyped = 0;
  for (const file of files) {
    let state = vsctm.INITIAL;
    const wanted = selected[file] || [];
    const found = {};
    for (const line of fs.readFileSync(path.join(root, file), 'utf8').split('\n')) {
      const r = grammar.tokenizeLine(line, state);
      state = r.ruleStack;
      lines++;
      const toks = [];
      for (const t of r.tokens) {
        const text = line.substring(t.startIndex, t.endIndex).trim();
        if (!text) continue;
        tokens++;
        // Every non-blank piece of code gets a scope of its own beyond the file's.
        if (t.scopes.length < 2) untyped++;
        toks.push(`${text} => ${t.scopes.slice(1).join(' ')}`);
      }
      for (const key of wanted)
        if (!(key in found) && line.startsWith(key)) found[key] = toks;
    }
    for (const key of wanted) {
      if (!(key in found)) throw new Error(`${file}: no line starts with "${key}"`);
      actual[`${file}: ${key}`] = found[key];
    }
  }
  if (untyped > 0) throw new Error(`${untyped} tokens have no scope of their own`);
  if (process.env.UPDATE_GOLDEN) {
    fs.writeFileSync(goldenPath, JSON.stringify(actual, null, 1) + '\n');
    console.log(`wrote ${goldenPath}`);
    return;
  }
  const golden = JSON.parse(fs.readFileSync(goldenPath, 'utf8'));
  let failed = 0;
  for (const key of Object.keys({ ...golden, ...actual })) {
    if (JSON.stringify(golden[key]) !== JSON.stringify(actual[key])) {
      failed++;
      console.error(`scopes differ for ${key}\n  expected ${JSON.stringify(golden[key])}\n` +
                    `  actual   ${JSON.stringify(actual[key])}`);
    }
  }
  console.log(`tokenised ${files.length} files, ${lines} lines, ${tokens} tokens; ` +
              `${Object.keys(actual).length} golden lines, ${failed} differ`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
