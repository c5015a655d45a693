/** One jest config; scripts/test.mjs brings up PostgreSQL, Kafka and the builds it needs first. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@app/platform/testing$': '<rootDir>/libs/platform/src/testing/index.ts',
    '^@app/(platform|contracts|identity|gateway)$': '<rootDir>/libs/$1/src/index.ts',
    '^@app/whatsapp$': '<rootDir>/libs/whatsapp/src/index.ts',
    '^@app/conversations$': '<rootDir>/libs/conversations/src/index.ts',
    '^@app/outbound$': '<rootDir>/libs/outbound/src/index.ts',
    '^@app/ai$': '<rootDir>/libs/ai/src/index.ts',
    '^@app/ai/testing$': '<rootDir>/libs/ai/src/testing/index.ts',
    '^@app/billing$': '<rootDir>/libs/billing/src/index.ts',
  },
  testEnvironment: 'node',
  rootDir: __dirname,
};

module.exports = {
  testSequencer: `${__dirname}/scripts/jest-sequencer.cjs`,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.integration-spec.ts'],
    },
    { ...shared, displayName: 'distributed', testMatch: ['<rootDir>/test/distributed/**/*.dist-spec.ts'] },
    { ...shared, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
  ],
};
