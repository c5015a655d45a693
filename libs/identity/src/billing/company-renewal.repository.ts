import type { CompanySnapshot } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

interface RenewedCompanyRow {
  id: number;
  name: string;
  plan_id: number;
  status: boolean;
  approved: boolean;
  due_date: string | null;
  recurrence: string;
  schedules: CompanySnapshot['schedules'];
}

const mapRenewedCompany = (row: RenewedCompanyRow): CompanySnapshot => ({
  id: row.id,
  name: row.name,
  planId: row.plan_id,
  status: row.status,
  approved: row.approved,
  dueDate: row.due_date,
  recurrence: row.recurrence,
  schedules: row.schedules,
});

/** The one statement a paid invoice makes in identity: the company's due date moves on. */
@Injectable()
export class CompanyRenewalRepository {
  /**
   * Moves the company's due date from `paidDueDate` to `nextDueDate`, only while it is still
   * `paidDueDate` (a payment renews the period it paid, once); null when it was not.
   */
  async renew(manager: EntityManager, companyId: number, paidDueDate: string, nextDueDate: string): Promise<CompanySnapshot | null> {
    const rows = changedRows<RenewedCompanyRow>(
      await manager.query(
        `UPDATE identity.companies SET due_date = $3, updated_at = now() WHERE id = $1 AND due_date = $2
         RETURNING id, name, plan_id, status, approved, to_char(due_date, 'YYYY-MM-DD') AS due_date, recurrence, schedules`,
        [companyId, paidDueDate, nextDueDate],
      ),
    );
    return rows[0] ? mapRenewedCompany(rows[0]) : null;
  }
}
