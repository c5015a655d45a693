// The ticket list's filter matrix (issue 21): the combinations of every list filter with every other,
// seeded data in which each combination has tickets to find and tickets to leave out, and the list's
// rules written plainly over every seeded row, apart from the SQL that serves the list.

/** A deterministic random sequence (mulberry32): the same seed gives the same data and combinations. */
export function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

export const MATRIX_COMPANY = 1;
export const OTHER_COMPANY = 2;
export const PAGE = 40;

export type QueueName = 'Q1' | 'Q2' | 'Q3';
export type TagName = 'T1' | 'T2' | 'T3';
export type Status = 'open' | 'pending' | 'closed';

/** The company's users: the five who ask, and Carla, who only holds tickets (of a queue none of them has). */
export const MATRIX_USERS = {
  admin: { id: 1, name: 'Admin', profile: 'admin', queues: [] },
  supervisor: { id: 2, name: 'Sofia', profile: 'supervisor', queues: [] },
  user0: { id: 3, name: 'Ulisses', profile: 'user', queues: [] },
  user1: { id: 4, name: 'Ana', profile: 'user', queues: ['Q1'] },
  user2: { id: 5, name: 'Bruno', profile: 'user', queues: ['Q1', 'Q2'] },
  carla: { id: 6, name: 'Carla', profile: 'user', queues: ['Q3'] },
} as const satisfies Record<string, { id: number; name: string; profile: 'admin' | 'supervisor' | 'user'; queues: readonly QueueName[] }>;
export type ViewerName = 'admin' | 'supervisor' | 'user0' | 'user1' | 'user2';
const HOLDERS = [null, 1, 2, 3, 4, 5, 6] as const;

/** What each term stands for: a word, a word in every message, a number, a phrase, two letters, names only. */
export const SEARCH_TERMS = {
  word: 'obrigado',
  everyMessage: 'texto',
  number: '777',
  phrase: 'pedido 4242',
  twoLetters: 'ok',
  twoDigits: '42',
  namesOnlyFew: 'zulmira',
  namesOnlyMany: 'cliente',
} as const;

/** One combination of the list's filters, by name (queues and tags are resolved to ids by the test). */
export interface Combination {
  viewer: ViewerName;
  tab: Status | 'search';
  showAll: boolean;
  queues: readonly QueueName[];
  users: readonly number[];
  tags: readonly TagName[];
  withUnreadMessages: boolean;
  term: string | null;
}

const DIMENSIONS = {
  viewer: ['admin', 'supervisor', 'user0', 'user1', 'user2'],
  tab: ['open', 'pending', 'closed', 'search'],
  showAll: [false, true],
  queues: [[], ['Q1'], ['Q1', 'Q2'], ['Q3'], ['Q1', 'Q2', 'Q3']],
  users: [[], [4], [4, 6]],
  tags: [[], ['T1'], ['T1', 'T2']],
  withUnreadMessages: [false, true],
  term: [null, ...Object.values(SEARCH_TERMS)],
} as const satisfies { [K in keyof Combination]: readonly Combination[K][] };
type Dimension = keyof typeof DIMENSIONS;
const DIMENSION_NAMES = Object.keys(DIMENSIONS) as Dimension[];

/** The position of each dimension's value in its list, for counting pairs. */
function positions(combination: Combination): number[] {
  return DIMENSION_NAMES.map((name) =>
    (DIMENSIONS[name] as readonly unknown[]).findIndex((value) => JSON.stringify(value) === JSON.stringify(combination[name])),
  );
}

const pairKey = (a: number, va: number, b: number, vb: number) => `${a}:${va}|${b}:${vb}`;

/** Every pair of values of two different dimensions. */
export function everyPair(): Set<string> {
  const pairs = new Set<string>();
  DIMENSION_NAMES.forEach((a, ia) =>
    DIMENSION_NAMES.forEach((b, ib) => {
      if (ib <= ia) return;
      DIMENSIONS[a].forEach((_, va) => DIMENSIONS[b].forEach((__, vb) => pairs.add(pairKey(ia, va, ib, vb))));
    }),
  );
  return pairs;
}

export function pairsOf(combination: Combination): string[] {
  const at = positions(combination);
  const pairs: string[] = [];
  at.forEach((va, ia) => at.forEach((vb, ib) => ib > ia && pairs.push(pairKey(ia, va, ib, vb))));
  return pairs;
}

/**
 * The combinations: every viewer, tab, show-all and queue set together (200), three times, each with
 * the other filters chosen to cover the pairs not covered yet, then more until every pair of values
 * of any two filters has been asked at least once.
 */
export function combinations(seed = 21): Combination[] {
  const random = randomSequence(seed);
  const uncovered = everyPair();
  const rest: Pick<Combination, 'users' | 'tags' | 'withUnreadMessages' | 'term'>[] = [];
  for (const users of DIMENSIONS.users)
    for (const tags of DIMENSIONS.tags)
      for (const withUnreadMessages of DIMENSIONS.withUnreadMessages)
        for (const term of DIMENSIONS.term) rest.push({ users, tags, withUnreadMessages, term });
  const chosen: Combination[] = [];
  const choose = (base: Pick<Combination, 'viewer' | 'tab' | 'showAll' | 'queues'>) => {
    let best: Combination | null = null;
    let bestNew = -1;
    for (const other of rest) {
      const candidate = { ...base, ...other };
      const fresh = pairsOf(candidate).filter((pair) => uncovered.has(pair)).length + random() * 0.5;
      if (fresh > bestNew) [best, bestNew] = [candidate, fresh];
    }
    pairsOf(best!).forEach((pair) => uncovered.delete(pair));
    chosen.push(best!);
  };
  for (let round = 0; round < 3; round++)
    for (const viewer of DIMENSIONS.viewer)
      for (const tab of DIMENSIONS.tab)
        for (const showAll of DIMENSIONS.showAll) for (const queues of DIMENSIONS.queues) choose({ viewer, tab, showAll, queues });
  while (uncovered.size > 0) {
    const [first] = uncovered;
    const [[a, va], [b, vb]] = first!.split('|').map((half) => half.split(':').map(Number));
    const fixed: Record<string, unknown> = {
      viewer: pick(random, DIMENSIONS.viewer),
      tab: pick(random, DIMENSIONS.tab),
      showAll: pick(random, DIMENSIONS.showAll),
      queues: pick(random, DIMENSIONS.queues),
      ...pick(random, rest),
    };
    fixed[DIMENSION_NAMES[a!]!] = DIMENSIONS[DIMENSION_NAMES[a!]!][va!];
    fixed[DIMENSION_NAMES[b!]!] = DIMENSIONS[DIMENSION_NAMES[b!]!][vb!];
    const combination = fixed as unknown as Combination;
    pairsOf(combination).forEach((pair) => uncovered.delete(pair));
    chosen.push(combination);
  }
  return chosen;
}

/** A seeded ticket, by name (queues and tags by name, the holder by user id). */
export interface TicketSeed {
  companyId: number;
  status: Status;
  queue: QueueName | null;
  userId: number | null;
  unreadMessages: number;
  isGroup: boolean;
  tags: TagName[];
  contactName: string;
  contactNumber: string;
  /** Oldest first; the last is the ticket's last message. */
  bodies: string[];
  updatedAtMs: number;
}

const START = Date.UTC(2026, 5, 1);
const DAY = 86_400_000;
const SURNAMES = ['Silva', 'Souza', 'Costa', 'Pereira', 'Almeida'];

/** A message body: mostly words with 'texto', some with the other terms, rarely the phrase or the number. */
function aBody(random: () => number, n: number): string {
  const roll = random();
  if (roll < 0.05) return 'bom dia, obrigado';
  if (roll < 0.08) return 'Ok, combinado';
  if (roll < 0.11) return 'tudo certo';
  if (roll < 0.115) return 'pedido 4242 chegou';
  if (roll < 0.12) return 'pedido 777 enviado';
  return `texto ${n} de teste`;
}

function aTicket(random: () => number, index: number, companyId: number, previousMs: number): TicketSeed {
  const isGroup = random() < 0.15;
  const nameRoll = random();
  const contactName = isGroup
    ? `Grupo ${index}`
    : nameRoll < 0.72
      ? `Cliente ${index}`
      : nameRoll < 0.8
        ? `Zulmira ${pick(random, SURNAMES)}`
        : `${pick(random, ['Maria', 'Jose', 'Pedro'])} ${pick(random, SURNAMES)} ${index}`;
  const count = random() < 0.05 ? 0 : 1 + Math.floor(random() * 20);
  return {
    companyId,
    status: pick(random, ['open', 'pending', 'closed', 'closed'] as const),
    queue: pick(random, [null, 'Q1', 'Q2', 'Q3'] as const),
    userId: pick(random, HOLDERS),
    unreadMessages: random() < 0.4 ? 1 + Math.floor(random() * 5) : 0,
    isGroup,
    tags: (['T1', 'T2', 'T3'] as const).filter(() => random() < 0.3),
    contactName,
    // Unique by the index in its middle; the random tail holds a '777' or a '42' now and then.
    contactNumber: isGroup
      ? `120363${String(index).padStart(6, '0')}${String(Math.floor(random() * 1e6)).padStart(6, '0')}`
      : `5511${String(index).padStart(5, '0')}${String(Math.floor(random() * 1e4)).padStart(4, '0')}`,
    bodies: Array.from({ length: count }, (_, n) => aBody(random, n + 1)),
    // Some tickets share their millisecond with the one before: the id orders them.
    updatedAtMs: random() < 0.1 && previousMs ? previousMs : START - Math.floor(random() * 90 * DAY),
  };
}

const seesAll = (viewer: ViewerName) => MATRIX_USERS[viewer].profile !== 'user';

/**
 * A ticket the combination should find, when one can exist: its status, a queue and holder the
 * filters and the viewer allow, one of the asked tags, unread messages, and the term where that kind
 * of term is found (the contact's name or number, a message, the last message). Null when the rules
 * leave nothing to find (the Open tab without show-all keeps the viewer's own tickets, and the users
 * asked may not include the viewer).
 */
function aWitness(random: () => number, combination: Combination, index: number, previousMs: number): TicketSeed | null {
  const viewer = MATRIX_USERS[combination.viewer];
  const ticket = aTicket(random, index, MATRIX_COMPANY, previousMs);
  if (combination.tab !== 'search') ticket.status = combination.tab;
  const queues: (QueueName | null)[] = combination.queues.length > 0 ? [null, ...combination.queues] : [null, 'Q1', 'Q2', 'Q3'];
  const holders: (number | null)[] = combination.users.length > 0 ? [...combination.users] : [...HOLDERS];
  const ownOnly = ticket.status === 'open' && !combination.term && !(combination.showAll && seesAll(combination.viewer));
  const allowed = queues.flatMap((queue) =>
    holders
      .filter((holder) => !ownOnly || holder === viewer.id)
      .filter(
        (holder) =>
          seesAll(combination.viewer) || queue === null || (viewer.queues as readonly string[]).includes(queue) || holder === viewer.id,
      )
      .map((holder) => ({ queue, holder })),
  );
  if (allowed.length === 0) return null;
  const { queue, holder } = pick(random, allowed);
  ticket.queue = queue;
  ticket.userId = holder;
  if (combination.tags.length > 0 && !ticket.tags.some((tag) => combination.tags.includes(tag)))
    ticket.tags.push(pick(random, combination.tags));
  if (combination.withUnreadMessages && ticket.unreadMessages === 0) ticket.unreadMessages = 1 + Math.floor(random() * 3);
  switch (combination.term) {
    case SEARCH_TERMS.word:
      ticket.bodies.splice(Math.floor(random() * ticket.bodies.length), 0, 'bom dia, obrigado');
      break;
    case SEARCH_TERMS.everyMessage:
      ticket.bodies.push('texto final de teste');
      break;
    case SEARCH_TERMS.number:
      if (random() < 0.5) ticket.contactNumber = `${ticket.contactNumber.slice(0, -4)}7770`;
      else ticket.bodies.splice(Math.floor(random() * ticket.bodies.length), 0, 'pedido 777 enviado');
      break;
    case SEARCH_TERMS.phrase:
      ticket.bodies.splice(Math.floor(random() * ticket.bodies.length), 0, 'o pedido 4242 chegou');
      break;
    case SEARCH_TERMS.twoLetters:
      ticket.bodies.push('Ok, combinado');
      break;
    case SEARCH_TERMS.twoDigits:
      if (random() < 0.5) ticket.contactNumber = `${ticket.contactNumber.slice(0, -4)}4200`;
      else ticket.bodies.push('pedido 4242 chegou');
      break;
    case SEARCH_TERMS.namesOnlyFew:
      ticket.contactName = `Zulmira ${pick(random, SURNAMES)}`;
      ticket.isGroup = false;
      break;
    case SEARCH_TERMS.namesOnlyMany:
      ticket.contactName = `Cliente ${index}`;
      ticket.isGroup = false;
      break;
  }
  return ticket;
}

/**
 * The seeded tickets, in insertion order: 1,800 of the company with random attributes, a witness for
 * each combination that can have one, and 150 of another company that every term and filter would
 * match (never to be listed), shuffled together so ids and times interleave.
 */
export function seedTickets(chosen: Combination[], seed = 2026): { tickets: TicketSeed[]; withoutWitness: number } {
  const random = randomSequence(seed);
  const tickets: TicketSeed[] = [];
  let previous = 0;
  let withoutWitness = 0;
  const add = (ticket: TicketSeed) => {
    tickets.push(ticket);
    previous = ticket.updatedAtMs;
  };
  for (let i = 0; i < 1_800; i++) add(aTicket(random, tickets.length, MATRIX_COMPANY, previous));
  for (const combination of chosen) {
    const witness = aWitness(random, combination, tickets.length, previous);
    if (witness) add(witness);
    else withoutWitness++;
  }
  for (let i = 0; i < 150; i++) {
    const foreign = aTicket(random, tickets.length, OTHER_COMPANY, previous);
    foreign.bodies.push('texto, obrigado, pedido 4242 e pedido 777, ok');
    foreign.contactName = i % 2 ? `Zulmira ${i}` : `Cliente ${tickets.length}`;
    add(foreign);
  }
  for (let i = tickets.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [tickets[i], tickets[j]] = [tickets[j]!, tickets[i]!];
  }
  return { tickets, withoutWitness };
}

/** A ticket as the reference reads it back from the database: every column the rules look at. */
export interface StoredTicket {
  id: number;
  companyId: number;
  status: Status;
  queueId: number | null;
  userId: number | null;
  unreadMessages: number;
  tagIds: number[];
  contactName: string;
  contactNumber: string | null;
  lastMessage: string;
  bodies: string[];
  updatedAtMs: number;
}

export interface ListViewer {
  id: number;
  companyId: number;
  profile: 'admin' | 'supervisor' | 'user';
  queueIds: number[];
}

export interface ListQuery {
  status?: Status;
  showAll: boolean;
  queueIds: number[];
  users: number[];
  tags: number[];
  withUnreadMessages: boolean;
  searchParam?: string;
}

/**
 * The list's rules, plainly (docs/api.md, docs/permissions.md, decision 0021), over every stored
 * ticket: the ids the list holds, in its order (newest activity first, then the higher id).
 * - the viewer's company only; admins and supervisors see every ticket, a user the tickets of the
 *   own queues, the own tickets and the tickets without a queue;
 * - `status` keeps that status; the Open tab keeps the viewer's own tickets unless the viewer may
 *   and asked to show all, or searches;
 * - `queueIds` keeps those queues and the tickets without a queue; `users` the tickets held by one
 *   of them; `tags` the tickets with one of them; `withUnreadMessages` those with unread messages;
 * - a term (lower-cased) is found in the contact's name or number, in the ticket's number when it
 *   is all digits, and in the text of any of its messages; a term shorter than three characters in
 *   its last message instead.
 */
export function expectedIds(tickets: StoredTicket[], viewer: ListViewer, query: ListQuery): number[] {
  const showsAll = viewer.profile === 'admin' || viewer.profile === 'supervisor';
  const term = query.searchParam;
  const found = (ticket: StoredTicket) => {
    if (!term) return true;
    const byContact = ticket.contactName.toLowerCase().includes(term) || (ticket.contactNumber ?? '').includes(term);
    const byNumber = /^\d{1,9}$/.test(term) && ticket.id === Number(term);
    const byText =
      term.trim().length < 3
        ? ticket.lastMessage.toLowerCase().includes(term)
        : ticket.bodies.some((body) => body.toLowerCase().includes(term));
    return byContact || byNumber || byText;
  };
  return tickets
    .filter((ticket) => ticket.companyId === viewer.companyId)
    .filter((ticket) => showsAll || ticket.queueId === null || viewer.queueIds.includes(ticket.queueId) || ticket.userId === viewer.id)
    .filter((ticket) => !query.status || ticket.status === query.status)
    .filter((ticket) => !(query.status === 'open' && !term && !(query.showAll && showsAll)) || ticket.userId === viewer.id)
    .filter((ticket) => query.queueIds.length === 0 || ticket.queueId === null || query.queueIds.includes(ticket.queueId))
    .filter((ticket) => query.users.length === 0 || (ticket.userId !== null && query.users.includes(ticket.userId)))
    .filter((ticket) => query.tags.length === 0 || ticket.tagIds.some((tag) => query.tags.includes(tag)))
    .filter((ticket) => !query.withUnreadMessages || ticket.unreadMessages > 0)
    .filter(found)
    .sort((a, b) => b.updatedAtMs - a.updatedAtMs || b.id - a.id)
    .map((ticket) => ticket.id);
}
