import { createRequire } from 'node:module';

export const require = createRequire(import.meta.url);
require('./ts-require.cjs');

export const baileys = require('@whiskeysockets/baileys');
export const { Boom } = require('@hapi/boom');

/** A pino-shaped logger that keeps quiet. */
export const silentLogger = {
  level: 'silent',
  child() {
    return silentLogger;
  },
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
};

/** A session listener that records what the adapter reported. */
export function recordingListener() {
  const calls = { state: [], messages: [], acks: [], edits: [], deletes: [], presence: [], contacts: [], fatal: [] };
  return {
    calls,
    onState: async (change) => void calls.state.push(change),
    onMessage: async (message) => void calls.messages.push(message),
    onAck: async (id, ack) => void calls.acks.push([id, ack]),
    onEdit: async (id, body, fromMe) => void calls.edits.push([id, body, fromMe]),
    onDelete: async (id, fromMe) => void calls.deletes.push([id, fromMe]),
    onPresence: async (chat, presence) => void calls.presence.push([chat, presence]),
    onContact: async (contact) => void calls.contacts.push(contact),
    onFatal: (reason) => void calls.fatal.push(reason),
  };
}

/** An auth repository in memory (the PostgreSQL one is tested against the database separately). */
export function memoryAuth() {
  const creds = new Map();
  const keys = new Map();
  const lids = new Map();
  return {
    creds,
    cleared: 0,
    loadCreds: async (id) => creds.get(id) ?? null,
    saveCreds: async (lease, text) => void creds.set(lease.connectionId, text),
    getKeys: async (id, type, ids) =>
      new Map(ids.filter((k) => keys.has(`${id}/${type}/${k}`)).map((k) => [k, keys.get(`${id}/${type}/${k}`)])),
    setKeys: async (lease, writes) => {
      for (const w of writes) {
        const key = `${lease.connectionId}/${w.type}/${w.id}`;
        if (w.value === null) keys.delete(key);
        else keys.set(key, w.value);
      }
    },
    async clear(id) {
      this.cleared++;
      creds.delete(id);
    },
    saveLidMapping: async (id, lid, pn) => void lids.set(`${id}/${lid}`, pn),
    phoneForLid: async (id, lid) => lids.get(`${id}/${lid}`) ?? null,
  };
}

/** A fake Baileys socket: the package's own event buffer, a recorded sendMessage. */
export function fakeSocketFactory() {
  const sockets = [];
  const factory = async (options) => {
    const socket = {
      options,
      ev: baileys.makeEventBuffer(silentLogger),
      user: { id: '5511912345678:3@s.whatsapp.net' },
      sent: [],
      ended: false,
      loggedOut: false,
      async sendMessage(jid, content, opts) {
        socket.sent.push({ jid, content, opts });
        return { key: { remoteJid: jid, id: opts?.messageId, fromMe: true }, message: { conversation: content.text ?? '' } };
      },
      async readMessages() {},
      async updateMediaMessage(message) {
        return message;
      },
      /** Numbers WhatsApp knows: asked jid → the jid it answers with (which may differ, as Brazil's ninth digit). */
      known: new Map(),
      asked: [],
      async onWhatsApp(...jids) {
        socket.asked.push(jids);
        return jids.filter((jid) => socket.known.has(jid)).map((jid) => ({ jid: socket.known.get(jid), exists: true }));
      },
      presenceSubscriptions: [],
      async presenceSubscribe(jid) {
        socket.presenceSubscriptions.push(jid);
      },
      end() {
        socket.ended = true;
      },
      async logout() {
        socket.loggedOut = true;
      },
    };
    sockets.push(socket);
    return socket;
  };
  return { factory, sockets };
}

export const waitUntil = async (check, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
