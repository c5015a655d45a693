import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { OutboundOptions } from '@app/outbound';
import { createTestDatabase } from '@app/platform/testing';
import type { INestApplication } from '@nestjs/common';
import { type Browser, chromium, type Page } from 'playwright-core';

import { freePort, repoRoot, startApp, waitUntilReady } from './processes';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ProductStack {
  baseUrl: string;
  browser: Browser;
  /** The product's app when it runs in this process (`inProcess`), to reach its providers. */
  app?: INestApplication;
  stop(): Promise<void>;
}

/**
 * The standalone product from dist/ on a fresh database and data folder, with a super admin of the
 * given login, and a headless Chromium: what every browser journey starts from.
 */
export async function startProductStack(
  name: string,
  admin: { email: string; password: string },
  env: Record<string, string> = {},
  /**
   * Runs the product in this test's process (the same app main.ts serves) with these seams, instead
   * of as dist's process: for a journey that moves outbound's clock.
   */
  inProcess?: { outbound: OutboundOptions },
): Promise<ProductStack> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is not built: run `npm run build:web` (npm test builds it)');
  }
  const database = await createTestDatabase(name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `zapdesk-${name}-`));
  const port = await freePort();
  const settings = {
    PORT: String(port),
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    WEB_DIST: path.join(repoRoot, 'web/dist'),
    ...env,
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  let app: { stop(): Promise<void>; nest?: INestApplication };
  try {
    app = inProcess ? await startInProcess(settings, inProcess.outbound) : await startProcess(settings, baseUrl);
  } catch (error) {
    await database.drop();
    throw error;
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // The fake media flags give pages a microphone (a beeping tone) without a prompt, for voice notes.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  return {
    baseUrl,
    browser,
    app: app.nest,
    async stop() {
      // Chromium's close is bounded: a browser that does not close must not hang the suite.
      const closed = await Promise.race([
        browser.close().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 30_000).unref()),
      ]);
      if (!closed) process.emitWarning(`${name}: Chromium did not close within 30 s`);
      await app.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The standalone product from dist/ as its own OS process, answering /ready. */
async function startProcess(settings: Record<string, string>, baseUrl: string): Promise<{ stop(): Promise<void> }> {
  const app = startApp('standalone', settings);
  try {
    await waitUntilReady(app, `${baseUrl}/ready`);
  } catch (error) {
    await app.stop();
    throw error;
  }
  return app;
}

/** The standalone product in this process, listening (loaded only here: the other journeys never load it). */
async function startInProcess(
  settings: Record<string, string>,
  outbound: OutboundOptions,
): Promise<{ stop(): Promise<void>; nest: INestApplication }> {
  const [{ loadConfig }, { standaloneConfigSchema }, { createStandaloneApp }] = await Promise.all([
    import('@app/platform'),
    import('../../apps/standalone/src/config'),
    import('../../apps/standalone/src/standalone-app'),
  ]);
  const config = loadConfig(standaloneConfigSchema, { LOG_LEVEL: 'warn', ...settings });
  const { app } = await createStandaloneApp(config, settings.DATABASE_URL!, { outbound });
  await app.listen(config.PORT, '127.0.0.1');
  return { nest: app, stop: () => app.close() };
}

/**
 * Pages without CSS animations and transitions: Chromium paints each of their frames on the CPU
 * (no GPU here), about a tenth of a journey's renderer time (tickets-inbox: 55 -> 48 CPU-s). Nothing
 * a journey checks depends on them; Ark's presence unmounts at once when no animation runs.
 * BROWSER_STILL=off keeps them (to watch a journey as a person sees it).
 */
const STILL_PAGES = `document.addEventListener('DOMContentLoaded', () => {
  const style = document.createElement('style');
  style.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; }';
  document.head.appendChild(style);
});`;

/** A fresh browser profile (own local storage and cookies), light scheme, desktop width unless told. */
export async function newPage(
  stack: Pick<ProductStack, 'browser'>,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await stack.browser.newContext({ colorScheme: 'light', viewport });
  if (process.env.BROWSER_STILL !== 'off') await context.addInitScript(STILL_PAGES);
  return context.newPage();
}
