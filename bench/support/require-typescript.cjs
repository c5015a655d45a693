// Loads one of this repo's TypeScript files into a benchmark (test helpers live beside the code, not in
// dist/): swc compiles it as scripts/build-server.mjs does. Its imports must be npm packages or node:.
const fs = require('node:fs');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

function requireTypeScript(file) {
  const { code } = transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const loaded = new Module(file, module);
  loaded.filename = file;
  loaded.paths = Module._nodeModulePaths(require('node:path').dirname(file));
  loaded._compile(code, file);
  return loaded.exports;
}

module.exports = { requireTypeScript };
