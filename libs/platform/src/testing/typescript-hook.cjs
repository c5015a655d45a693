// Lets a plain Node process or worker thread require this repo's TypeScript, compiled by swc the way
// scripts/build-server.mjs does, the @app/* aliases included: the node:test files that need the real
// (ESM-only) Baileys package, and worker threads started from sources under jest. Built code (dist/)
// never loads it.
const fs = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../../..');
const paths = { '@app/platform/testing': ['libs/platform/src/testing/index.ts'] };
for (const lib of fs.readdirSync(path.join(root, 'libs'))) {
  if (fs.existsSync(path.join(root, 'libs', lib, 'src/index.ts'))) paths[`@app/${lib}`] = [`libs/${lib}/src/index.ts`];
}

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
