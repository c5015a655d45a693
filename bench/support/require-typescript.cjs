// Loads this repo's TypeScript files into a benchmark (test helpers and local product servers live beside
// the code, not in dist/): once required, `.ts` files compile with swc as scripts/build-server.mjs does,
// their relative imports too. Imports of @app/* are not resolved: such files import only npm packages,
// node: modules and each other.
const fs = require('node:fs');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

Module._extensions['.ts'] ??= (module, file) => {
  const { code } = transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, file);
};

/** One TypeScript file's exports. */
const requireTypeScript = (file) => require(file);

module.exports = { requireTypeScript };
