import { type Chat, CHAT_MESSAGES_PAGE_SIZE, type ChatMessage, CHATS_PAGE_SIZE } from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

interface ChatRow {
  id: number;
  uuid: string;
  title: string;
  owner_id: number;
  last_message: string;
  updated_at: Date;
  users: Chat['users'];
}

interface ChatMessageRow {
  id: number;
  chat_id: number;
  sender_id: number;
  sender_name: string | null;
  message: string;
  created_at: Date;
}

const mapChat = (row: ChatRow): Chat => ({
  id: row.id,
  uuid: row.uuid,
  title: row.title,
  ownerId: row.owner_id,
  users: row.users,
  lastMessage: row.last_message,
  updatedAt: new Date(row.updated_at).toISOString(),
});

const mapMessage = (row: ChatMessageRow): ChatMessage => ({
  id: row.id,
  chatId: row.chat_id,
  message: row.message,
  senderId: row.sender_id,
  sender: { id: row.sender_id, name: row.sender_name ?? '' },
  createdAt: new Date(row.created_at).toISOString(),
});

/** A chat with its members (names from the users projection), in one statement. */
const CHAT_SELECT = `
  SELECT c.id, c.uuid, c.title, c.owner_id, c.last_message, c.updated_at,
         COALESCE((SELECT json_agg(json_build_object('userId', cu.user_id, 'unreads', cu.unreads,
                                                     'user', json_build_object('id', cu.user_id, 'name', COALESCE(u.name, '')))
                                   ORDER BY u.name, cu.user_id)
                     FROM conversations.chat_users cu LEFT JOIN conversations.users u ON u.id = cu.user_id
                    WHERE cu.chat_id = c.id), '[]') AS users
  FROM conversations.chats c`;

/** Internal chats of the companies' staff. */
@Injectable()
export class ChatRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The user's chats, most recently active first, searched by title; one past the page answers hasMore. */
  async page(companyId: number, userId: number, searchParam: string, pageNumber: number): Promise<{ chats: Chat[]; hasMore: boolean }> {
    const like = likeContaining(searchParam.toLowerCase());
    const rows: ChatRow[] = await this.dataSource.query(
      `${CHAT_SELECT} WHERE c.company_id = $1 AND EXISTS (SELECT 1 FROM conversations.chat_users m WHERE m.chat_id = c.id AND m.user_id = $2)
         AND ($3 = '%%' OR lower(c.title) LIKE $3)
       ORDER BY c.updated_at DESC, c.id DESC LIMIT $4 OFFSET $5`,
      [companyId, userId, like, CHATS_PAGE_SIZE + 1, (pageNumber - 1) * CHATS_PAGE_SIZE],
    );
    return { chats: rows.slice(0, CHATS_PAGE_SIZE).map(mapChat), hasMore: rows.length > CHATS_PAGE_SIZE };
  }

  /** The chat of the company if the user is a member (locked for a change when a manager is given); null otherwise. */
  async findForMember(manager: EntityManager | null, companyId: number, userId: number, chatId: number): Promise<Chat | null> {
    const rows: ChatRow[] = await (manager ?? this.dataSource.manager).query(
      `${CHAT_SELECT} WHERE c.id = $1 AND c.company_id = $2
         AND EXISTS (SELECT 1 FROM conversations.chat_users m WHERE m.chat_id = c.id AND m.user_id = $3)${manager ? ' FOR UPDATE OF c' : ''}`,
      [chatId, companyId, userId],
    );
    return rows[0] ? mapChat(rows[0]) : null;
  }

  async view(manager: EntityManager, chatId: number): Promise<Chat> {
    const rows: ChatRow[] = await manager.query(`${CHAT_SELECT} WHERE c.id = $1`, [chatId]);
    return mapChat(rows[0]!);
  }

  /** Which of these ids are users of the company (the users projection). */
  async usersOfCompany(manager: EntityManager, companyId: number, userIds: number[]): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM conversations.users WHERE company_id = $1 AND id = ANY($2::int[])`, [
      companyId,
      userIds,
    ]);
    return rows.map((row) => row.id);
  }

  async insert(manager: EntityManager, companyId: number, ownerId: number, title: string): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO conversations.chats (company_id, owner_id, title) VALUES ($1, $2, $3) RETURNING id`,
      [companyId, ownerId, title],
    );
    return rows[0]!.id;
  }

  async setTitle(manager: EntityManager, chatId: number, title: string): Promise<void> {
    await manager.query(`UPDATE conversations.chats SET title = $2, updated_at = now() WHERE id = $1`, [chatId, title]);
  }

  /** The members become exactly these (kept members keep their unread counts); answers those removed. */
  async setMembers(manager: EntityManager, chatId: number, userIds: number[]): Promise<number[]> {
    const removed = changedRows<{ user_id: number }>(
      await manager.query(`DELETE FROM conversations.chat_users WHERE chat_id = $1 AND NOT (user_id = ANY($2::int[])) RETURNING user_id`, [
        chatId,
        userIds,
      ]),
    );
    await manager.query(`INSERT INTO conversations.chat_users (chat_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [
      chatId,
      userIds,
    ]);
    return removed.map((row) => row.user_id);
  }

  async delete(manager: EntityManager, chatId: number): Promise<void> {
    await manager.query(`DELETE FROM conversations.chats WHERE id = $1`, [chatId]);
  }

  /** A message: stored, the chat's last message, one more unread for every other member. */
  async insertMessage(manager: EntityManager, chatId: number, senderId: number, message: string): Promise<ChatMessage> {
    const rows: ChatMessageRow[] = await manager.query(
      `WITH m AS (INSERT INTO conversations.chat_messages (chat_id, sender_id, message) VALUES ($1, $2, $3) RETURNING *)
       SELECT m.*, u.name AS sender_name FROM m LEFT JOIN conversations.users u ON u.id = m.sender_id`,
      [chatId, senderId, message],
    );
    await manager.query(`UPDATE conversations.chats SET last_message = $2, updated_at = now() WHERE id = $1`, [chatId, message]);
    await manager.query(`UPDATE conversations.chat_users SET unreads = unreads + 1 WHERE chat_id = $1 AND user_id <> $2`, [
      chatId,
      senderId,
    ]);
    return mapMessage(rows[0]!);
  }

  /** One page of the chat's messages, newest page first, oldest first within it. */
  async messages(chatId: number, pageNumber: number): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    const rows: ChatMessageRow[] = await this.dataSource.query(
      `SELECT m.*, u.name AS sender_name FROM conversations.chat_messages m LEFT JOIN conversations.users u ON u.id = m.sender_id
        WHERE m.chat_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT $2 OFFSET $3`,
      [chatId, CHAT_MESSAGES_PAGE_SIZE + 1, (pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE],
    );
    return { messages: rows.slice(0, CHAT_MESSAGES_PAGE_SIZE).reverse().map(mapMessage), hasMore: rows.length > CHAT_MESSAGES_PAGE_SIZE };
  }

  /** The member has read everything; false when nothing was unread. */
  async markRead(manager: EntityManager, chatId: number, userId: number): Promise<boolean> {
    const rows = changedRows<{ chat_id: number }>(
      await manager.query(
        `UPDATE conversations.chat_users SET unreads = 0 WHERE chat_id = $1 AND user_id = $2 AND unreads > 0 RETURNING chat_id`,
        [chatId, userId],
      ),
    );
    return rows.length > 0;
  }
}
