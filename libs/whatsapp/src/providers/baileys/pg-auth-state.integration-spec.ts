import { expectNodeTestPasses } from './real-package/run-node-test';

jest.setTimeout(130_000);

it("Baileys' auth state round-trips through PostgreSQL and is fenced by the session lease (node:test, see real-package/)", () => {
  expectNodeTestPasses('pg-auth-state.test.mjs', 3, { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
});
