import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { StoredMail } from '../entities/stored-mail.entity';

/** identity.mails: the mails kept instead of sent when no SMTP_URL is configured. */
@Injectable()
export class MailRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  async keep(mail: Pick<StoredMail, 'to' | 'subject' | 'text'>): Promise<void> {
    await this.dataSource.getRepository(StoredMail).insert(mail);
  }
}
