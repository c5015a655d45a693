import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transcription key is no longer kept here (decision 0052): whatsapp's event says only whether a
 * connection has one, and ai asks whatsapp for it when it transcribes. The sealed copies go.
 */
export class AiTranscriptionKeyAsked1764000000724 implements MigrationInterface {
  name = 'AiTranscriptionKeyAsked1764000000724';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ai.connections ADD COLUMN has_transcribe_key boolean NOT NULL DEFAULT false`);
    await runner.query(`UPDATE ai.connections SET has_transcribe_key = transcribe_key <> ''`);
    await runner.query(`ALTER TABLE ai.connections DROP COLUMN transcribe_key`);
  }

  async down(runner: QueryRunner): Promise<void> {
    // The keys are not brought back: the next whatsapp.transcription.updated no longer carries them.
    await runner.query(`ALTER TABLE ai.connections ADD COLUMN transcribe_key text NOT NULL DEFAULT ''`);
    await runner.query(`ALTER TABLE ai.connections DROP COLUMN has_transcribe_key`);
  }
}
