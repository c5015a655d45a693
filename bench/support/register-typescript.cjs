// Lets a benchmark require this repo's TypeScript files with their relative imports (the local product
// servers of libs/ai/src/testing live beside the code, not in dist/): swc compiles each .ts file as
// scripts/build-server.mjs does. Imports of @app/* are not resolved: the files loaded so must import
// only npm packages, node: modules and each other.
const fs = require('node:fs');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

Module._extensions['.ts'] = (module, file) => {
  const { code } = transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, file);
};
