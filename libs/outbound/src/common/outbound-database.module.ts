import { ServiceDatabaseModule } from '@app/platform';
import { Module } from '@nestjs/common';

import { OutboundInitial1732500001400 } from '../migrations/1732500001400-outbound-initial';
import { CompanySettings1732500001401 } from '../migrations/1732500001401-company-settings';
import { ServiceCatalogue1732500001500 } from '../migrations/1732500001500-service-catalogue';
import { Campaigns1732500001600 } from '../migrations/1732500001600-campaigns';
import { Schedules1732500001700 } from '../migrations/1732500001700-schedules';
import { CompanyTimeZone1732500001800 } from '../migrations/1732500001800-company-time-zone';
import { ProjectionConvergence1732500001851 } from '../migrations/1732500001851-projection-convergence';
import { ProjectionTombstones1732500001939 } from '../migrations/1732500001939-projection-tombstones';
import { CloudTemplates1732500002700 } from '../migrations/1732500002700-cloud-templates';

export const OUTBOUND_MIGRATIONS = [
  OutboundInitial1732500001400,
  CompanySettings1732500001401,
  ServiceCatalogue1732500001500,
  Campaigns1732500001600,
  Schedules1732500001700,
  CompanyTimeZone1732500001800,
  ProjectionConvergence1732500001851,
  ProjectionTombstones1732500001939,
  CloudTemplates1732500002700,
];

/**
 * The `outbound` schema, once for the whole service: its connection and migrations, its outbox and
 * the record of applied events. Every feature module imports this one module.
 */
@Module({
  imports: [ServiceDatabaseModule.forService({ schema: 'outbound', migrations: OUTBOUND_MIGRATIONS })],
  exports: [ServiceDatabaseModule],
})
export class OutboundDatabaseModule {}
