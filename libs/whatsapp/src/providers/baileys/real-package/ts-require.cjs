// Lets a plain Node process (node:test) require this repo's TypeScript, compiled by swc the way
// scripts/build-server.mjs does (aliases included). Used for the tests that need the real Baileys
// package, which jest's CommonJS loader cannot load (see /work/shared/BAILEYS.md).
const fs = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../../../../..');
const paths = {
  '@app/platform': ['libs/platform/src/index.ts'],
  '@app/platform/testing': ['libs/platform/src/testing/index.ts'],
  '@app/contracts': ['libs/contracts/src/index.ts'],
  '@app/whatsapp': ['libs/whatsapp/src/index.ts'],
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

module.exports = { root };
