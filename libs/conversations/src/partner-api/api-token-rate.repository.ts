import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The partner API's request counts per token and rate window, shared by the processes that serve it. */
@Injectable()
export class ApiTokenRateRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  /** Adds each process's new uses and answers every token window's total, keyed `tokenId:window`. */
  async add(uses: { tokenId: number; window: number; uses: number }[]): Promise<Map<string, number>> {
    const rows: { token_id: number; window_index: string; used: number }[] = await this.dataSource.query(
      `INSERT INTO conversations.api_token_rates AS r (token_id, window_index, used)
       SELECT * FROM unnest($1::int[], $2::bigint[], $3::int[])
       ON CONFLICT (token_id, window_index) DO UPDATE SET used = r.used + EXCLUDED.used
       RETURNING token_id, window_index, used`,
      [uses.map((one) => one.tokenId), uses.map((one) => one.window), uses.map((one) => one.uses)],
    );
    return new Map(rows.map((row) => [`${row.token_id}:${row.window_index}`, row.used]));
  }

  async forgetWindowsBefore(window: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM conversations.api_token_rates WHERE window_index < $1`, [window]);
  }
}
