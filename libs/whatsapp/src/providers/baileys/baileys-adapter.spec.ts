import { runNodeTest } from './real-package/run-node-test';

jest.setTimeout(130_000);

it('the Baileys adapter passes its tests against the real package, offline (node:test, see real-package/)', () => {
  const { status, output } = runNodeTest('baileys-adapter.test.mjs');
  if (status !== 0) throw new Error(`node --test failed (${status}):\n${output}`);
  expect(output).toMatch(/pass \d+/);
  expect(output).not.toMatch(/fail [1-9]/);
});
