import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The internal chat (spec 2): chats of a company's staff, their members with unread counts, and their messages. */
export class InternalChat1732500001301 implements MigrationInterface {
  name = 'InternalChat1732500001301';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE conversations.chats (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        company_id int NOT NULL,
        owner_id int NOT NULL,
        title text NOT NULL,
        last_message text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE conversations.chat_users (
        chat_id int NOT NULL REFERENCES conversations.chats (id) ON DELETE CASCADE,
        user_id int NOT NULL,
        unreads int NOT NULL DEFAULT 0,
        PRIMARY KEY (chat_id, user_id)
      )`);
    await runner.query(`CREATE INDEX chat_users_user_idx ON conversations.chat_users (user_id, chat_id)`);
    await runner.query(`
      CREATE TABLE conversations.chat_messages (
        id serial PRIMARY KEY,
        chat_id int NOT NULL REFERENCES conversations.chats (id) ON DELETE CASCADE,
        sender_id int NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX chat_messages_chat_idx ON conversations.chat_messages (chat_id, created_at DESC, id DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['chat_messages', 'chat_users', 'chats']) await runner.query(`DROP TABLE IF EXISTS conversations.${table}`);
  }
}
