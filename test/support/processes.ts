import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether a port can be listened on as a service listens (every interface). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * The first of `count` consecutive free ports (for a script that numbers its processes' ports from
 * one), taken below the kernel's ephemeral range: there no outgoing connection's local port can
 * land on one of them between this check and the listen, as one did on the outbound's port of
 * start-distributed when the run was picked by `freePort`.
 */
export async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = 20_000 + Math.floor(Math.random() * (32_000 - 20_000 - count));
    const ports = Array.from({ length: count }, (_, index) => first + index);
    if ((await Promise.all(ports.map(portIsFree))).every(Boolean)) return first;
  }
  throw new Error(`no ${count} consecutive free ports found between 20000 and 32000`);
}

export interface AppProcess {
  name: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts a built app (`dist/apps/<name>/src/main.js`) as its own OS process. */
export function startApp(name: string, env: Record<string, string>): AppProcess {
  const main = path.join(repoRoot, 'dist/apps', name, 'src/main.js');
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return {
    name,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Waits until GET url answers 200, failing early (with the app's output) if the process exits. */
export async function waitUntilReady(app: AppProcess, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) {
      throw new Error(`${app.name} exited with ${app.child.exitCode}:\n${app.output()}`);
    }
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${app.name} was not ready at ${url} after ${timeoutMs} ms:\n${app.output()}`);
}
