import { Client } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * A connection of its own, LISTENing on `channel` (a plain identifier), opened on the data source's
 * URL: what an outbox relay or a watch waiting for another process's commits hears them on. Its
 * keepalives make a vanished server noticed within about 25 s. Null when the data source was not
 * opened with a URL.
 */
export async function listenOn(
  dataSource: DataSource,
  channel: string,
  applicationName: string,
  onNotification: (payload: string | undefined) => void,
  onError: (error: Error) => void,
): Promise<Client | null> {
  const { url } = dataSource.options as { url?: string };
  if (!url) return null;
  const client = new Client({ connectionString: url, application_name: applicationName, keepAlive: true });
  client.on('notification', (message) => onNotification(message.payload));
  client.on('error', onError);
  await client.connect();
  await client.query(`SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3`);
  await client.query(`LISTEN ${channel}`);
  return client;
}
