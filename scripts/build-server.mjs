#!/usr/bin/env node
// Compiles apps/ and libs/ with swc into dist/ (same layout, aliases rewritten to relative paths).
// Type checking is `npm run typecheck`; this only emits, fast.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { transformFile } from '@swc/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist');
const paths = {
  '@app/platform': ['libs/platform/src/index.ts'],
  '@app/platform/testing': ['libs/platform/src/testing/index.ts'],
  '@app/contracts': ['libs/contracts/src/index.ts'],
  '@app/identity': ['libs/identity/src/index.ts'],
  '@app/gateway': ['libs/gateway/src/index.ts'],
  '@app/whatsapp': ['libs/whatsapp/src/index.ts'],
  '@app/conversations': ['libs/conversations/src/index.ts'],
  '@app/outbound': ['libs/outbound/src/index.ts'],
  '@app/ai': ['libs/ai/src/index.ts'],
  '@app/billing': ['libs/billing/src/index.ts'],
};

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'testing') continue;
      yield* sources(full);
    } else if (entry.name.endsWith('.ts') && !/\.(spec|integration-spec|d)\.ts$/.test(entry.name)) {
      yield full;
    }
  }
}

const started = Date.now();
rmSync(outDir, { recursive: true, force: true });
let count = 0;
await Promise.all(
  ['apps', 'libs']
    .filter((dir) => statSync(path.join(root, dir), { throwIfNoEntry: false }))
    .flatMap((dir) => [...sources(path.join(root, dir))])
    .map(async (file) => {
      const { code, map } = await transformFile(file, {
        swcrc: false,
        sourceMaps: true,
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
      const target = path.join(outDir, path.relative(root, file)).replace(/\.ts$/, '.js');
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
      if (map) writeFileSync(`${target}.map`, map);
      count++;
    }),
);
console.log(`build-server: ${count} files into dist/ in ${Date.now() - started} ms`);
