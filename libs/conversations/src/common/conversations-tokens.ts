import { getDataSourceToken } from '@nestjs/typeorm';

/** The conversations schema's TypeORM data source, as Nest injects it. */
export const CONVERSATIONS_DATA_SOURCE_TOKEN = getDataSourceToken('conversations');
