import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No message of a bound queue left unanswered (issue 23, the binding race): ai learns a queue's binding
 * from conversations' queue events, which may come after the ticket's messages. `queues.bound_at` is
 * when conversations bound the queue (the saved queue's updatedAt; now for queues bound before this
 * migration); `unbound_messages` keeps, for a short while, the message events of tickets whose queue
 * ai could not resolve to an assistant, so that a binding arriving later answers those that came after
 * it. Kept only for companies with an assistant, at most a few per ticket, pruned by age.
 */
export class AiUnboundMessages1764000000730 implements MigrationInterface {
  name = 'AiUnboundMessages1764000000730';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ai.queues ADD COLUMN bound_at timestamptz`);
    await runner.query(
      `UPDATE ai.queues SET bound_at = now() WHERE prompt_id IS NOT NULL OR agent_id IS NOT NULL OR integration_id IS NOT NULL`,
    );
    await runner.query(`
      CREATE TABLE ai.unbound_messages (
        message_id bigint PRIMARY KEY,
        ticket_id int NOT NULL,
        company_id int NOT NULL,
        queue_id int NOT NULL,
        created_at timestamptz NOT NULL,
        envelope jsonb NOT NULL,
        kept_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX unbound_messages_queue_idx ON ai.unbound_messages (company_id, queue_id, message_id)`);
    await runner.query(`CREATE INDEX unbound_messages_ticket_idx ON ai.unbound_messages (ticket_id, message_id DESC)`);
    await runner.query(`CREATE INDEX unbound_messages_kept_idx ON ai.unbound_messages (kept_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS ai.unbound_messages`);
    await runner.query(`ALTER TABLE ai.queues DROP COLUMN IF EXISTS bound_at`);
  }
}
