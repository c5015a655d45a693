import 'reflect-metadata';

import path from 'node:path';

import { closeOnSignals, type EmbeddedPostgresHandle, loadConfig, runApp, startEmbeddedPostgres } from '@app/platform';

import { standaloneConfigSchema } from './config';
import { createStandaloneApp } from './standalone-app';

runApp(async () => {
  const config = loadConfig(standaloneConfigSchema);
  const dataDir = path.resolve(config.DATA_DIR);

  let embedded: EmbeddedPostgresHandle | undefined;
  if (!config.DATABASE_URL) {
    process.stdout.write(`Starting embedded PostgreSQL (data in ${path.join(dataDir, 'postgres')})...\n`);
    embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_POSTGRES_PORT, database: 'zapdesk' });
  }

  let seededLogin: { email: string; password: string; generated: boolean } | undefined;
  const { app, servesWeb } = await createStandaloneApp(config, config.DATABASE_URL ?? embedded!.url, {
    onAdminSeeded: (login) => (seededLogin = login),
  });
  closeOnSignals(app, async () => embedded?.stop());
  await app.listen(config.PORT);

  const lines = [
    `Zapdesk is running at http://localhost:${config.PORT}`,
    '',
    `  services:  identity, WhatsApp${config.SIMULATOR_ENABLED ? ' (with the simulator phone)' : ''}, conversations, outbound, ai, billing${servesWeb ? ' and the web app' : ''}, in this process`,
    `  database:  ${embedded ? `embedded PostgreSQL, data in ${path.join(dataDir, 'postgres')}` : 'PostgreSQL at DATABASE_URL'}`,
    `  files:     ${path.join(dataDir, 'files')}`,
    `  logs:      JSON lines at level ${config.LOG_LEVEL} (LOG_LEVEL=debug also lists every route)`,
  ];
  if (!servesWeb) lines.push('', `(the web app is not built: run "npm run build:web" to serve it from ${config.WEB_DIST})`);
  if (seededLogin) {
    lines.push('', 'First start: the platform super admin was created.', `  e-mail:   ${seededLogin.email}`);
    lines.push(
      seededLogin.generated
        ? `  password: ${seededLogin.password}   (generated now and shown only this once)`
        : '  password: the one in ADMIN_PASSWORD',
    );
  }
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  process.stdout.write(`\n${'='.repeat(width)}\n${lines.map((l) => `  ${l}`).join('\n')}\n${'='.repeat(width)}\n\n`);
});
