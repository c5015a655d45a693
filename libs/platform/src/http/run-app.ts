import { ConfigError } from '../config/load-config';

/** Runs an app's start function; a bad configuration prints its problems and exits with 1. */
export function runApp(start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  });
}

/** On SIGINT or SIGTERM: close the app (relays, consumers, connections), then whatever else ran. */
export function closeOnSignals(app: { close(): Promise<void> }, after?: () => Promise<void>): void {
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    app
      .close()
      .then(() => after?.())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`Error while stopping on ${signal}: ${String(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}
