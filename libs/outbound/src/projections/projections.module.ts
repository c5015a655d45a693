import { Module } from '@nestjs/common';

import { OutboundDatabaseModule } from '../common/outbound-database.module';
import { CompanySettingRepository } from './company-setting.repository';
import { ConnectionRepository } from './connection.repository';
import { ConnectionProjection } from './connection-projection';
import { ContactRepository } from './contact.repository';
import { TagContactRepository } from './tag-contact.repository';

/** What outbound keeps of other services' data (connections, contacts, tags, company settings), read by campaigns and booking alike. */
@Module({
  imports: [OutboundDatabaseModule],
  providers: [CompanySettingRepository, ConnectionRepository, ContactRepository, TagContactRepository, ConnectionProjection],
  exports: [CompanySettingRepository, ConnectionRepository, ContactRepository, TagContactRepository, ConnectionProjection],
})
export class ProjectionsModule {}
