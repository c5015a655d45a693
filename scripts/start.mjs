#!/usr/bin/env node
// `npm start`: the whole product in one process on the embedded default. Builds what is missing
// or older than its sources first, then runs apps/standalone (signals pass through to it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function build(name, args, output, sources) {
  if (mtime(output) >= Math.max(...sources.map(newestMtime))) return;
  console.log(`[start] building ${name}...`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(path.join(root, 'node_modules'))) {
  console.error('[start] dependencies are missing: run `npm install` first.');
  process.exit(1);
}
build('the server', ['run', 'build:server'], path.join(root, 'dist/apps/standalone/src/main.js'), [
  path.join(root, 'apps'),
  path.join(root, 'libs'),
]);
build('the web app', ['run', 'build:web'], path.join(root, 'web/dist/index.html'), [path.join(root, 'web/src')]);

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/apps/standalone/src/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
