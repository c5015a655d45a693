import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Runs a node:test file in its own Node process: the real Baileys package is ESM-only and jest's
 * CommonJS loader cannot load it, Node's own require can. Answers the exit status and the TAP output.
 */
export function runNodeTest(file: string, env: Record<string, string | undefined> = {}): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', path.join(__dirname, file)], {
    cwd: path.resolve(__dirname, '../../../../../..'),
    env: { ...process.env, ...env, NODE_OPTIONS: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}
