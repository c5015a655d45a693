import { randomUUID } from 'node:crypto';

import { prepared } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import type { ContactRow } from '../common/contact.repository';
import { widLock } from '../common/early-message-fact.repository';
import { type LiveTicketOfChat, type LiveTicketRow, liveTicketsCtes, mapLiveTicket } from '../common/ticket.repository';

/** A one-to-one chat of a batch of received messages, known by number. */
export interface ChatToOpen {
  companyId: number;
  connectionId: number;
  number: string;
  /** The name WhatsApp gave the contact (the number when none). */
  name: string;
  /** Whether the customer wrote (not only our own messages from the phone). */
  incoming: boolean;
  /** The WhatsApp ids of the chat's messages in the batch. */
  wids: string[];
}

/** The contact of a chat the statement opened, with whether a rating request of its waits for the answer. */
export type ChatContact = ContactRow & { rating_requested: boolean; created: boolean };

export interface OpenedChats {
  /** `${connectionId}:${wid}` of the messages filed before (a replay, our own echo). */
  filed: Set<string>;
  /** Each chat's contact, by the chat's index; none for a chat whose messages were all filed. */
  contacts: Map<number, ChatContact>;
  /** The live tickets of the chats whose contact has no rating request waiting for the customer's answer. */
  tickets: LiveTicketOfChat[];
}

type ContactJson = Omit<ContactRow, 'created_at' | 'updated_at' | 'last_interaction_at'> & {
  created_at: string;
  updated_at: string;
  last_interaction_at?: string | null;
  rating_requested: boolean;
  chat_no: number;
  chat_connection_id: number;
  incoming: boolean;
};

/**
 * The chats of a batch of received messages opened in one statement: their WhatsApp ids locked (in
 * a fixed order, see EarlyMessageFactRepository), and for each chat with a message not filed yet its
 * contact (created, or named when we only had the number) and its live ticket (found and locked, or
 * opened). A chat whose contact's rating request waits for an answer gets no ticket: `receive` decides.
 *
 * The statement reads what was filed from before it waited for the locks; a copy filed meanwhile by
 * another transaction is caught by the message insert's unique WhatsApp id, and its ticket by the
 * live-ticket upsert, so nothing is filed or opened twice. Facts that came early are looked for by
 * the statement that files the messages, which runs after the locks are held.
 */
@Injectable()
export class InboundChatRepository {
  async open(manager: EntityManager, chats: ChatToOpen[]): Promise<OpenedChats> {
    if (chats.length === 0) return { filed: new Set(), contacts: new Map(), tickets: [] };
    const uuids = chats.map(() => randomUUID());
    const messages = chats.flatMap((chat, index) => chat.wids.map((wid) => ({ chat: index + 1, connectionId: chat.connectionId, wid })));
    const [row]: {
      filed: { connection_id: number; wid: string }[] | null;
      contacts: ContactJson[] | null;
      tickets: LiveTicketRow[] | null;
    }[] = await manager.query(
      prepared(`WITH msg AS (
           SELECT * FROM unnest($1::int[], $2::int[], $3::text[]) AS msg(chat_no, connection_id, wid)
         ), locked AS (
           SELECT ${widLock('l.connection_id', 'l.wid')} FROM (SELECT DISTINCT connection_id, wid FROM msg ORDER BY 1, 2) AS l
         ), filed AS (
           SELECT DISTINCT msg.connection_id, msg.wid FROM msg
            WHERE EXISTS (SELECT 1 FROM conversations.messages m WHERE m.whatsapp_id = msg.connection_id AND m.wid = msg.wid)
         ), chat AS (
           -- Reading locked first takes every lock before any row is written.
           SELECT c.* FROM unnest($4::uuid[], $5::int[], $6::int[], $7::text[], $8::text[], $9::boolean[])
                  WITH ORDINALITY AS c(uuid, company_id, connection_id, number, name, incoming, chat_no)
            WHERE (SELECT count(*) FROM locked) >= 0
              AND EXISTS (SELECT 1 FROM msg WHERE msg.chat_no = c.chat_no
                            AND NOT EXISTS (SELECT 1 FROM filed WHERE filed.connection_id = msg.connection_id AND filed.wid = msg.wid))
         ), kept AS (
           -- A contact that exists and keeps its name is only read: rewriting it would add a row version
           -- and, off its page, an entry in each of its indexes (two of them trigram indexes).
           SELECT DISTINCT ON (c.id) c.* FROM conversations.contacts c JOIN chat ON c.company_id = chat.company_id AND c.number = chat.number
            WHERE NOT (c.name = COALESCE(c.number, c.lid) AND chat.name <> COALESCE(c.number, c.lid))
         ), saved AS (
           INSERT INTO conversations.contacts AS c (uuid, company_id, name, number, lid, is_group, whatsapp_id)
           SELECT DISTINCT ON (company_id, number) uuid, company_id, name, number, NULL, false, connection_id FROM chat
            WHERE NOT EXISTS (SELECT 1 FROM kept WHERE kept.company_id = chat.company_id AND kept.number = chat.number)
            ORDER BY company_id, number, chat_no
           ON CONFLICT (company_id, number) DO UPDATE SET
             name = CASE WHEN c.name = COALESCE(c.number, c.lid) AND EXCLUDED.name <> COALESCE(c.number, c.lid) THEN EXCLUDED.name ELSE c.name END
           RETURNING c.*
         ), contact AS (
           SELECT contact.*, chat.chat_no, chat.connection_id AS chat_connection_id, chat.incoming, EXISTS (
               SELECT 1 FROM conversations.tickets t
                WHERE t.company_id = contact.company_id AND t.contact_id = contact.id AND t.whatsapp_id = chat.connection_id
                  AND t.rating_requested_at IS NOT NULL
             ) AS rating_requested
             FROM (SELECT * FROM saved UNION ALL SELECT * FROM kept) AS contact
             JOIN chat ON chat.company_id = contact.company_id AND chat.number = contact.number
         ), ticket_chat AS (
           SELECT gen_random_uuid() AS uuid, company_id, id AS contact_id, chat_connection_id AS connection_id, false AS is_group
             FROM contact WHERE NOT (rating_requested AND incoming)
         ), ${liveTicketsCtes('ticket_chat')}
         SELECT (SELECT json_agg(filed) FROM filed) AS filed, (SELECT json_agg(contact) FROM contact) AS contacts,
                (SELECT json_agg(live_ticket) FROM live_ticket) AS tickets`),
      [
        messages.map((message) => message.chat),
        messages.map((message) => message.connectionId),
        messages.map((message) => message.wid),
        uuids,
        chats.map((chat) => chat.companyId),
        chats.map((chat) => chat.connectionId),
        chats.map((chat) => chat.number),
        chats.map((chat) => chat.name.slice(0, 100)),
        chats.map((chat) => chat.incoming),
      ],
    );
    // A contact carries one of the uuids given here only when this statement created it.
    const given = new Set<string>(uuids);
    return {
      filed: new Set((row?.filed ?? []).map((filed) => `${filed.connection_id}:${filed.wid}`)),
      contacts: new Map(
        (row?.contacts ?? []).map(
          ({ chat_no, chat_connection_id: _connection, incoming: _incoming, created_at, updated_at, last_interaction_at, ...contact }) => [
            Number(chat_no) - 1,
            {
              ...contact,
              created_at: new Date(created_at),
              updated_at: new Date(updated_at),
              ...(last_interaction_at !== undefined
                ? { last_interaction_at: last_interaction_at === null ? null : new Date(last_interaction_at) }
                : {}),
              created: given.has(contact.uuid),
            },
          ],
        ),
      ),
      tickets: (row?.tickets ?? []).map(mapLiveTicket),
    };
  }
}
