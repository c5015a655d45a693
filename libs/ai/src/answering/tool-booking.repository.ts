import type { bookingBookCall, ServiceCallOutput } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export type BookedAppointment = ServiceCallOutput<typeof bookingBookCall>;

/** Which booking of an answer: the ticket, the newest customer message the answer answers, the service. */
export interface BookingKey {
  companyId: number;
  ticketId: number;
  answeringThrough: string;
  serviceId: number;
}

/** What a claim found: the key is now this call's to book, or it booked already, or a booking of it is under way (or its outcome unknown). */
export type BookingClaim = { kind: 'claimed' } | { kind: 'booked'; appointment: BookedAppointment } | { kind: 'unsettled' };

/**
 * ai.tool_bookings: an answer's bookings, claimed before the booking call and settled with its
 * appointment after, each in its own statement (the call runs outside any transaction).
 */
@Injectable()
export class ToolBookingRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  async claim(key: BookingKey): Promise<BookingClaim> {
    const claimed: unknown[] = await this.dataSource.query(
      `INSERT INTO ai.tool_bookings (ticket_id, answering_through, service_id, company_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [key.ticketId, key.answeringThrough, key.serviceId, key.companyId],
    );
    if (claimed.length > 0) return { kind: 'claimed' };
    const rows: { appointment: BookedAppointment | null }[] = await this.dataSource.query(
      `SELECT appointment FROM ai.tool_bookings WHERE ticket_id = $1 AND answering_through = $2 AND service_id = $3 AND company_id = $4`,
      [key.ticketId, key.answeringThrough, key.serviceId, key.companyId],
    );
    const appointment = rows[0]?.appointment;
    return appointment ? { kind: 'booked', appointment } : { kind: 'unsettled' };
  }

  async settle(key: BookingKey, appointment: BookedAppointment): Promise<void> {
    await this.dataSource.query(
      `UPDATE ai.tool_bookings SET appointment = $4 WHERE ticket_id = $1 AND answering_through = $2 AND service_id = $3`,
      [key.ticketId, key.answeringThrough, key.serviceId, JSON.stringify(appointment)],
    );
  }

  /** Nothing was booked (the booking refused it): the answer may try again, another slot say. */
  async release(key: BookingKey): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM ai.tool_bookings WHERE ticket_id = $1 AND answering_through = $2 AND service_id = $3 AND appointment IS NULL`,
      [key.ticketId, key.answeringThrough, key.serviceId],
    );
  }
}
