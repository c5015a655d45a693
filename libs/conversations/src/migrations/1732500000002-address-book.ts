import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddressBook1732500000002 implements MigrationInterface {
  name = 'AddressBook1732500000002';

  async up(runner: QueryRunner): Promise<void> {
    // The connected phones' address books, projected from whatsapp.contact.updated: what
    // POST /contacts/import turns into contacts. One entry per connection and phone number.
    await runner.query(`
      CREATE TABLE conversations.address_book (
        company_id int NOT NULL,
        connection_id int NOT NULL,
        number text NOT NULL,
        lid text,
        name text,
        push_name text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, number)
      )`);
    await runner.query(`CREATE INDEX address_book_company_idx ON conversations.address_book (company_id, number)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS conversations.address_book`);
  }
}
