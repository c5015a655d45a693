/** The schema of the service whose ServiceDatabaseModule provides it (its outbox, processed events). */
export const SERVICE_SCHEMA = Symbol('SERVICE_SCHEMA');

/** The service's own TypeORM DataSource, for the platform's repositories in its ServiceDatabaseModule. */
export const SERVICE_DATA_SOURCE = Symbol('SERVICE_DATA_SOURCE');
