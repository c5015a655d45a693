import { runNodeTest } from './real-package/run-node-test';

jest.setTimeout(130_000);

it("Baileys' auth state round-trips through PostgreSQL and is fenced by the session lease (node:test, see real-package/)", () => {
  const { status, output } = runNodeTest('pg-auth-state.test.mjs', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
  if (status !== 0) throw new Error(`node --test failed (${status}):\n${output}`);
  expect(output).toMatch(/pass 3/);
});
