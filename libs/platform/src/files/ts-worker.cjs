// Starts a worker thread from this repo's TypeScript when the code runs from its sources (jest):
// swc compiles each required .ts file as scripts/build-server.mjs does, aliases included. Built code
// (dist/) starts the compiled .js worker directly and never loads this file.
const fs = require('node:fs');
const path = require('node:path');
const { workerData } = require('node:worker_threads');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../../..');
const paths = {
  '@app/platform': ['libs/platform/src/index.ts'],
  '@app/contracts': ['libs/contracts/src/index.ts'],
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      baseUrl: root,
      paths,
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

require(workerData.entry);
