import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A mail kept instead of sent, when no SMTP_URL is configured (standalone default). */
export interface StoredMail {
  to: string;
  subject: string;
  text: string;
}

/** identity.mails: the mails kept instead of sent when no SMTP_URL is configured. */
@Injectable()
export class MailRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  async keep(mail: StoredMail): Promise<void> {
    await this.dataSource.query(`INSERT INTO identity.mails ("to", subject, text) VALUES ($1, $2, $3)`, [mail.to, mail.subject, mail.text]);
  }
}
