/// <reference lib="dom" />
/**
 * The first load of the real build as the standalone serves it (issue 29): /login's page and the
 * chunks it needs go out brotli-compressed, hashed chunks cached for a year and the page revalidated;
 * the libraries of one screen (recharts, dnd-kit, ical.js, the MP3 encoder, FullCalendar, libphonenumber-js),
 * socket.io-client and the texts of the languages not chosen are not in what /login downloads; the HTML shell paints with the brand's name before any script has run; the
 * login page, then the ticket screen (loaded on demand), work.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

import { repoRoot } from '../support/processes';
import { newPage, type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(120_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
/** Issue 29's budget for what /login downloads (its scripts were 256 KB brotli when it was met). */
const LOGIN_SCRIPTS_BUDGET = 300 * 1024;
/** A string each library's code carries, minified or not. */
const LIBRARY_MARKERS: Record<string, string> = {
  recharts: 'recharts-wrapper',
  'dnd-kit': 'DndDescribedBy',
  'ical.js': 'BYWEEKNO',
  lamejs: 'Mp3Encoder',
  FullCalendar: 'fc-daygrid',
  'libphonenumber-js': 'INVALID_COUNTRY',
  'socket.io-client': 'transport close',
  // The other languages' texts (their login titles): /login has only the active language's.
  'English texts': 'Welcome back',
  'Spanish texts': 'Bienvenido de nuevo',
};

/** One answer as it came over the wire (not decoded). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('browser: the first load of the built web app', () => {
  let stack: ProductStack;
  let baseUrl: string;

  beforeAll(async () => {
    stack = await startProductStack('browser_first_load', ADMIN);
    ({ baseUrl } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("/login and its scripts go out as brotli, hashed ones immutable and the page revalidated; no one screen's library is among them", async () => {
    const page = await get(`${baseUrl}/login`, { Accept: 'text/html', 'Accept-Encoding': 'gzip, deflate, br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/Accept-Encoding/i);
    const html = brotliDecompressSync(page.body).toString();
    const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(scripts.length).toBeGreaterThan(0);

    let compressed = 0;
    let eagerCode = '';
    for (const script of scripts) {
      const answer = await get(`${baseUrl}${script}`, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect([script, answer.status, answer.headers['content-encoding'], answer.headers['cache-control']]).toEqual([
        script,
        200,
        'br',
        'public, max-age=31536000, immutable',
      ]);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      compressed += answer.body.length;
      eagerCode += brotliDecompressSync(answer.body).toString();
    }
    process.stdout.write(`/login's scripts: ${(compressed / 1024).toFixed(1)} KB brotli in ${scripts.length} files\n`);
    expect(compressed).toBeLessThan(LOGIN_SCRIPTS_BUDGET);

    // Each library is in the build, in a chunk of its own screen, and not in what /login runs.
    const assets = path.join(repoRoot, 'web/dist/assets');
    const lazyCode = readdirSync(assets)
      .filter((name) => name.endsWith('.js') && !scripts.some((script) => script.endsWith(`/${name}`)))
      .map((name) => readFileSync(path.join(assets, name), 'utf8'))
      .join('\n');
    for (const [library, marker] of Object.entries(LIBRARY_MARKERS)) {
      expect([library, lazyCode.includes(marker), eagerCode.includes(marker)]).toEqual([library, true, false]);
    }
  });

  it('the HTML shell shows the brand before any script runs', async () => {
    const page = await newPage(stack, { width: 390, height: 844 });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${baseUrl}/login`);
    const shell = page.locator('#root .app-shell');
    await shell.waitFor();
    expect(await shell.textContent()).toContain('ZapDesk');
    expect(await page.locator('#root [role="status"]').getAttribute('aria-label')).toBe('Carregando');
    await page.context().close();
  });

  it('the login page replaces the shell; signing in loads the ticket screen on demand', async () => {
    const page = await newPage(stack);
    const loaded: string[] = [];
    page.on('response', (response) => loaded.push(new URL(response.url()).pathname));
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="email"]').fill(ADMIN.email);
    expect(await page.locator('#root .app-shell').count()).toBe(0);
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/tickets');
    await page.locator('[data-testid="tickets-welcome"]').waitFor({ timeout: 30_000 });
    expect(loaded.some((pathname) => /^\/assets\/tickets-[\w-]+\.js$/.test(pathname))).toBe(true);
    await page.context().close();
  });
});
