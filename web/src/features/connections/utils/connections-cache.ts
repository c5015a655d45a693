import type { Connection, ConnectionSessionSocketEvent, ConnectionSocketEvent } from '../types';

/** The list after a `company-{id}-whatsapp` event: an update replaces or adds, a delete removes. */
export function applyConnectionEvent(list: readonly Connection[], event: ConnectionSocketEvent): Connection[] {
  if (event.action === 'delete') return list.filter((connection) => connection.id !== event.whatsappId);
  const updated = event.whatsapp;
  const known = list.some((connection) => connection.id === updated.id);
  if (!known) return [...list, updated];
  return list.map((connection) => (connection.id === updated.id ? updated : connection));
}

/** The list after a `company-{id}-whatsappSession` update: status, qrcode, retries, updatedAt... change. */
export function applySessionEvent(list: readonly Connection[], event: ConnectionSessionSocketEvent): Connection[] {
  const { session } = event;
  return list.map((connection) => (connection.id === session.id ? { ...connection, ...session } : connection));
}
