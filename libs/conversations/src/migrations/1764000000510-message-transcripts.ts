import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What an audio message says, as the ai service transcribed it (shown under the audio); null until then. */
export class MessageTranscripts1764000000510 implements MigrationInterface {
  name = 'MessageTranscripts1764000000510';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.messages ADD COLUMN transcript text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE conversations.messages DROP COLUMN IF EXISTS transcript`);
  }
}
