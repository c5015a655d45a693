#!/usr/bin/env node
// The test run's template database (test/support/database-template.ts), from the sources:
//   node scripts/test-database-template.cjs create <server url>   prints TEST_DATABASE_TEMPLATE=<name>
//   node scripts/test-database-template.cjs drop <server url> <name>
require('../libs/platform/src/testing/typescript-hook.cjs');
const { createDatabaseTemplate, dropDatabaseTemplate } = require('../test/support/database-template.ts');

const [command, serverUrl, name] = process.argv.slice(2);

async function main() {
  if (command === 'create' && serverUrl) {
    console.log(`TEST_DATABASE_TEMPLATE=${await createDatabaseTemplate(serverUrl)}`);
  } else if (command === 'drop' && serverUrl && name) {
    await dropDatabaseTemplate(serverUrl, name);
  } else {
    throw new Error('usage: test-database-template.cjs create <server url> | drop <server url> <name>');
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
