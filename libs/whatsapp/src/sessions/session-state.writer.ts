import { connectionUpdated, sessionUpdated } from '@app/contracts';
import { OutboxWriter } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { toDataURL } from 'qrcode';
import type { EntityManager } from 'typeorm';

import { ConnectionRepository, type StoredConnection } from '../common/connection.repository';
import { type SessionLease, SessionLeaseRepository } from '../common/session-lease.repository';
import { mapConnection, mapSession } from '../connections/connection.dto';
import type { SessionStateChange } from '../providers/whatsapp-provider';

/** A QR code as the PNG data URL the QR modal shows. */
export function qrImage(content: string): Promise<string> {
  return content ? toDataURL(content, { errorCorrectionLevel: 'L', margin: 1, width: 264 }) : Promise.resolve('');
}

/**
 * Writes a session's state onto its connection and tells the browsers (whatsappSession and
 * whatsapp events), in one transaction, under the session lease.
 */
@Injectable()
export class SessionStateWriter {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async apply(lease: SessionLease | null, connectionId: number, change: SessionStateChange): Promise<StoredConnection | null> {
    const qrcodeImage = change.qrcode === undefined ? undefined : await qrImage(change.qrcode);
    return this.connections.transaction(async (manager) => {
      if (lease) await SessionLeaseRepository.assertHeld(manager, lease);
      const row = await this.connections.lockedById(manager, connectionId);
      if (!row) return null;
      row.status = change.status;
      if (change.qrcode !== undefined) {
        row.qrcode = change.qrcode;
        row.qrcodeImage = qrcodeImage!;
      }
      if (change.number !== undefined) row.number = change.number;
      if (change.retries === 'reset') row.retries = 0;
      if (change.retries === 'increment') row.retries += 1;
      const saved = await this.connections.save(manager, row);
      await SessionStateWriter.announce(manager, this.outbox, saved);
      return saved;
    });
  }

  /** The two events every change of a connection's session causes. */
  static async announce(manager: EntityManager, outbox: OutboxWriter, row: StoredConnection): Promise<void> {
    await outbox.add(manager, {
      definition: sessionUpdated,
      companyId: row.companyId,
      key: row.id,
      payload: { companyId: row.companyId, session: mapSession(row) },
    });
    await outbox.add(manager, {
      definition: connectionUpdated,
      companyId: row.companyId,
      key: row.id,
      payload: { connection: mapConnection(row) },
    });
  }
}
