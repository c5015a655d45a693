import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';

import { leanOutboxMigration, platformTablesMigration } from './platform-tables.migration';

export interface ServiceDatabaseOptions {
  /** The service's schema, e.g. `identity`; also the TypeORM connection name. */
  schema: string;
  /** TypeORM entities: none (decision 0041; no service has any since issue 22), kept for the platform's own specs. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: Function[];
  poolSize?: number;
}

export function serviceDataSourceOptions(url: string, options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    name: options.schema,
    type: 'postgres',
    url,
    schema: options.schema,
    entities: options.entities ?? [],
    migrations: [platformTablesMigration(options.schema), leanOutboxMigration(options.schema), ...options.migrations],
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    applicationName: `zapdesk-${options.schema}`,
    extra: { max: options.poolSize ?? 10 },
  };
}

/**
 * Creates the schema and runs the service's migrations, holding an advisory lock so replicas that
 * start together migrate one at a time.
 */
export async function migrateServiceSchema(dataSource: DataSource, schema: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    try {
      await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]);
    }
  } finally {
    await runner.release();
  }
}

export async function openServiceDataSource(url: string, options: ServiceDatabaseOptions): Promise<DataSource> {
  const dataSource = new DataSource(serviceDataSourceOptions(url, options));
  await dataSource.initialize();
  await migrateServiceSchema(dataSource, options.schema);
  return dataSource;
}
