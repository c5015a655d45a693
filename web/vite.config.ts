import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** The libraries web tests import, bundled once for the test run (see `test.deps` below). */
const OPTIMIZED_FOR_TESTS = [
  '@chakra-ui/react',
  '@chakra-ui/react/anatomy',
  '@chakra-ui/charts',
  '@emotion/react',
  '@tanstack/react-query',
  'react-i18next',
  'i18next',
  'i18next-browser-languagedetector',
  'react-icons',
  'react-icons/lu',
  'zod',
  'react-hook-form',
  '@hookform/resolvers/zod',
  'date-fns',
  '@date-fns/tz',
  '@dnd-kit/core',
  'recharts',
  'next-themes',
  'libphonenumber-js',
  '@fullcalendar/core',
  '@fullcalendar/react',
  '@fullcalendar/daygrid',
  '@fullcalendar/timegrid',
  '@fullcalendar/list',
  '@fullcalendar/interaction',
  '@testing-library/react',
  'react-dom',
  'react-dom/client',
];

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

/** Bytes (minified, before compression) under which a chunk is merged into another (see below). */
const MIN_CHUNK_SIZE = 40_000;

/** What is worth compressing: text. Source maps are left as they are (only developer tools fetch them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file of
 * the build, for the server to send as they are (libs/gateway's web-app.ts picks one by
 * Accept-Encoding): the best compression, paid once at build time instead of on every answer. A copy
 * no smaller than its file, or of a file under 1 KB, is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'zapdesk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true }))
        .map((name) => path.join(outDir, name))
        .filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const content = await readFile(file);
          const copies: [string, Buffer][] = [
            [
              '.br',
              await brotli(content, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
            ],
            ['.gz', await gzipped(content, { level: 9 })],
          ];
          for (const [suffix, compressed] of copies) if (compressed.length < content.length) await writeFile(file + suffix, compressed);
        }),
      );
    },
  };
}

/** The modules of the ticket screen a signed-in page load lands on (most agents' page): the shell and the screen. */
const TICKET_SCREEN_MODULES = ['/src/app/layout/app-layout.tsx', '/src/app/routes/tickets.tsx'];
/** Where index.html's early-requests script takes the list of the ticket screen's chunks. */
const TICKET_SCREEN_CHUNKS_SLOT = '/* the ticket screen chunks */ []';

/**
 * Writes into index.html's early-requests script the chunks of the ticket screen (the shell's and
 * the screen's, with what they import, less what the entry already loads): on a signed-in load of
 * /tickets the script asks for them with `modulepreload` at once, instead of after the entry's
 * scripts have run, the router has matched the address and Vite's preload helper has asked.
 */
function ticketScreenPreload(): Plugin {
  return {
    name: 'zapdesk:ticket-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || !html.includes(TICKET_SCREEN_CHUNKS_SLOT)) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const loadedByEntry = new Set<string>();
        const addWithImports = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) addWithImports(imported, into);
        };
        for (const chunk of chunks) if (chunk.isEntry) addWithImports(chunk.fileName, loadedByEntry);
        const screen = new Set<string>();
        for (const chunk of chunks) {
          const modules = [chunk.facadeModuleId ?? '', ...Object.keys(chunk.modules)];
          if (TICKET_SCREEN_MODULES.some((module) => modules.some((id) => id.endsWith(module)))) addWithImports(chunk.fileName, screen);
        }
        const files = [...screen].filter((fileName) => !loadedByEntry.has(fileName)).map((fileName) => `/${fileName}`);
        return html.replace(TICKET_SCREEN_CHUNKS_SLOT, JSON.stringify(files));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), ticketScreenPreload(), precompress()],
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      // Types (and the error-code list) shared with the server.
      '@app/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/health': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/health': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // The shared contracts (libs/contracts) only declare schemas and types: a module of theirs whose
      // exports no page uses is left out, and with it what it imports (ical.js for vCards, with the
      // ticket screen only). Without this the barrel pulled every contract and its libraries into /login.
      treeshake: { moduleSideEffects: (id) => !id.includes('/libs/contracts/src/') },
      // Noise from dependencies: "use client" directives (Chakra) and comment positions (zod).
      onwarn(warning, warn) {
        if (['MODULE_LEVEL_DIRECTIVE', 'SOURCEMAP_ERROR', 'INVALID_ANNOTATION'].includes(warning.code ?? '')) return;
        warn(warning);
      },
      output: {
        // A screen's code comes in few files, not dozens of 1-2 KB ones (shared Chakra parts, small
        // helpers): over HTTP/1.1's six connections and a 150 ms link each round of requests costs
        // the ticket screen a latency. Rollup merges a chunk under this size into one loaded with it.
        experimentalMinChunkSize: MIN_CHUNK_SIZE,
        // React and its companions, used by every page, in a chunk of their own that stays cached
        // across releases which change only the app's code. Chakra is left to Rollup's own chunking:
        // the components /login uses go with its code, and one that only a later screen uses (menus,
        // comboboxes, sliders, tabs... and their Zag machines) with that screen, as every other library
        // does (recharts with the dashboard and the campaign report, dnd-kit with the kanban,
        // FullCalendar with the schedules, ical.js with the ticket screen, the MP3 encoder with the
        // voice note), never into what /login downloads.
        manualChunks(id) {
          if (
            /node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|i18next-browser-languagedetector)\//.test(
              id,
            )
          ) {
            return 'react';
          }
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Every file starts in a fresh process and imports Chakra (the setup file's toaster) and the rest
    // of what a screen uses: as hundreds of small modules that was most of each file's time. Bundled
    // once per run into a few files (node_modules/.vite/vitest), each file loads them much faster.
    // socket.io-client and react-router stay out: specs replace them with vi.mock.
    deps: { optimizer: { web: { enabled: process.env.VITEST_OPTIMIZE !== 'off', include: OPTIMIZED_FOR_TESTS } } },
    // Nothing here measures speed: on a loaded 2-core machine a render past 5 s is load, not a failure.
    testTimeout: 20_000,
  },
});
