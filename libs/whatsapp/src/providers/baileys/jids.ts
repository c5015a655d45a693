/** WhatsApp addresses: `5511...@s.whatsapp.net` (phone), `...@lid` (hidden number), `...@g.us` (group). */
export const isGroupJid = (jid: string | null | undefined) => !!jid?.endsWith('@g.us');
export const isLidJid = (jid: string | null | undefined) => !!jid?.endsWith('@lid');
export const isBroadcastJid = (jid: string | null | undefined) =>
  !!jid && (jid === 'status@broadcast' || jid.endsWith('@broadcast') || jid.endsWith('@newsletter'));

/** The user part without device or agent suffixes: `5511999:12@s.whatsapp.net` → `5511999`. */
export const userOf = (jid: string) => jid.split('@')[0].split(':')[0];

export const phoneJid = (number: string) => `${number}@s.whatsapp.net`;
export const groupJid = (id: string) => `${id}@g.us`;
export const toJid = (to: string, isGroup: boolean) => (to.includes('@') ? to : isGroup ? groupJid(to) : phoneJid(to));
