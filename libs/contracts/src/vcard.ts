import ICAL from 'ical.js';

/** A phone of a shared contact card: as written, and the WhatsApp id the sender's app attached, if any. */
export interface ContactCardPhone {
  /** The number as the card writes it (`+55 11 98888-7777`). */
  number: string;
  /** The `waid` parameter (`5511988887777`): the WhatsApp account of that number; null when absent. */
  waid: string | null;
}

export interface ContactCard {
  /** FN, or N's given and family names when FN is missing; '' when neither is there. */
  name: string;
  phones: ContactCardPhone[];
}

/**
 * The contact cards of a vCard text (3.0 or 4.0, one or several cards), parsed by ical.js: folded
 * lines are unfolded, and grouped properties (`item1.TEL;waid=...`, as phones export them) are read
 * like plain ones. Text that is not a vCard gives no cards.
 */
export function parseVCards(text: string): ContactCard[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text.trim());
  } catch {
    return [];
  }
  // One card parses to ['vcard', ...]; several to [['vcard', ...], ...].
  const cards = (typeof (parsed as unknown[])[0] === 'string' ? [parsed] : parsed) as unknown[];
  return cards.flatMap((jcard) => {
    if (!Array.isArray(jcard) || jcard[0] !== 'vcard') return [];
    const card = new ICAL.Component(jcard as never);
    return [{ name: nameOf(card), phones: card.getAllProperties('tel').map(phoneOf) }];
  });
}

/** The first card of the text, or null when it holds none. */
export function parseVCard(text: string): ContactCard | null {
  return parseVCards(text)[0] ?? null;
}

function nameOf(card: InstanceType<typeof ICAL.Component>): string {
  const fn = card.getFirstPropertyValue('fn');
  if (typeof fn === 'string' && fn.trim()) return fn.trim();
  const n = card.getFirstPropertyValue('n');
  if (Array.isArray(n)) {
    const [family, given] = n as unknown[];
    return [given, family]
      .map((part) => (Array.isArray(part) ? part.join(' ') : String(part ?? '')))
      .join(' ')
      .trim();
  }
  return typeof n === 'string' ? n.split(';').slice(0, 2).reverse().join(' ').trim() : '';
}

function phoneOf(property: InstanceType<typeof ICAL.Property>): ContactCardPhone {
  const value = property.getFirstValue();
  const waid = property.getParameter('waid');
  return {
    number: String(value ?? '')
      .replace(/^tel:/i, '')
      .trim(),
    waid: typeof waid === 'string' && waid ? waid : null,
  };
}
