import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Runs a node:test file in its own Node process: the real Baileys package is ESM-only and jest's
 * CommonJS loader cannot load it, Node's own require can. Throws unless the run passed exactly
 * `passes` tests and failed, cancelled or skipped none: a file that loads no test, or loses some,
 * does not pass by saying "pass 0".
 */
export function expectNodeTestPasses(file: string, passes: number, env: Record<string, string | undefined> = {}): void {
  const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', path.join(__dirname, file)], {
    cwd: path.resolve(__dirname, '../../../../../..'),
    env: { ...process.env, ...env, NODE_OPTIONS: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  const summary = nodeTestSummary(output);
  const expected = { pass: passes, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
  if (result.status !== 0 || JSON.stringify(summary) !== JSON.stringify(expected)) {
    throw new Error(
      `node --test ${file}: exit ${result.status}, ${JSON.stringify(summary)} (expected ${JSON.stringify(expected)}):\n${output}`,
    );
  }
}

/** The counts the spec reporter prints last ('ℹ pass 23'); a count it did not print is -1. */
export function nodeTestSummary(output: string): Record<'pass' | 'fail' | 'cancelled' | 'skipped' | 'todo', number> {
  const count = (name: string) => Number(new RegExp(`^\\S* ${name} (\\d+)$`, 'm').exec(output)?.[1] ?? -1);
  return { pass: count('pass'), fail: count('fail'), cancelled: count('cancelled'), skipped: count('skipped'), todo: count('todo') };
}
