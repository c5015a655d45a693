import type { WeeklyScheduleEntry } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { type Plan, type PlanRow, toPlan } from './plan.repository';

/** identity.companies as COLUMNS read it (the due date as its text, YYYY-MM-DD). */
export interface CompanyRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  plan_id: number;
  status: boolean;
  approved: boolean;
  due_date: string | null;
  recurrence: string;
  schedules: WeeklyScheduleEntry[];
  billing_name: string | null;
  billing_email: string | null;
  address_zip_code: string | null;
  address_street: string | null;
  address_state: string | null;
  address_city: string | null;
  address_district: string | null;
  /** YYYY-MM-DD or null. */
  trial_expiration: string | null;
  /** A Date; an ISO string when read through to_jsonb. */
  created_at: Date | string;
  updated_at: Date | string;
}

export interface Company {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  planId: number;
  /** Only when read with it. */
  plan?: Plan;
  /** Active or suspended by the platform operator. */
  status: boolean;
  /** New sign-ups wait for the platform operator's approval before anyone can log in. */
  approved: boolean;
  /** YYYY-MM-DD; logging in is refused after it. */
  dueDate: string | null;
  recurrence: string;
  /** Opening hours, used when the setting scheduleType is `company`. */
  schedules: WeeklyScheduleEntry[];
  /** Who invoices are made out to (spec 3 "Company"), and until when the trial runs (YYYY-MM-DD). */
  billing: CompanyBilling;
  createdAt: Date;
  updatedAt: Date;
}

export interface CompanyBilling {
  billingName: string | null;
  billingEmail: string | null;
  addressZipCode: string | null;
  addressStreet: string | null;
  addressState: string | null;
  addressCity: string | null;
  addressDistrict: string | null;
  trialExpiration: string | null;
}

export const NO_BILLING: CompanyBilling = {
  billingName: null,
  billingEmail: null,
  addressZipCode: null,
  addressStreet: null,
  addressState: null,
  addressCity: null,
  addressDistrict: null,
  trialExpiration: null,
};

export const COMPANY_BILLING_FIELDS = Object.keys(NO_BILLING) as (keyof CompanyBilling)[];

/** A company to insert; billing fields not given are null. */
export type NewCompany = Omit<Company, 'id' | 'plan' | 'createdAt' | 'updatedAt' | 'billing'> & { billing?: Partial<CompanyBilling> };

export const toCompany = (row: CompanyRow & { plan?: PlanRow }): Company => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  planId: row.plan_id,
  ...(row.plan ? { plan: toPlan(row.plan) } : {}),
  status: row.status,
  approved: row.approved,
  dueDate: row.due_date,
  recurrence: row.recurrence,
  schedules: row.schedules,
  billing: {
    billingName: row.billing_name,
    billingEmail: row.billing_email,
    addressZipCode: row.address_zip_code,
    addressStreet: row.address_street,
    addressState: row.address_state,
    addressCity: row.address_city,
    addressDistrict: row.address_district,
    trialExpiration: row.trial_expiration,
  },
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** A company's columns as CompanyRow names them, from `c`. */
const COLUMNS = `c.id, c.name, c.email, c.phone, c.plan_id, c.status, c.approved, c.due_date::text AS due_date, c.recurrence,
  c.schedules, c.billing_name, c.billing_email, c.address_zip_code, c.address_street, c.address_state, c.address_city,
  c.address_district, c.trial_expiration::text AS trial_expiration, c.created_at, c.updated_at`;
/** With its plan as one jsonb column (to_jsonb: instants as ISO text, numeric as a number). */
const WITH_PLAN = `SELECT ${COLUMNS}, to_jsonb(p) AS plan FROM identity.companies c LEFT JOIN identity.plans p ON p.id = c.plan_id`;

const companyValues = (company: NewCompany) => companyRowValues({ ...company, billing: { ...NO_BILLING, ...company.billing } });

const companyRowValues = (company: Omit<Company, 'id' | 'plan' | 'createdAt' | 'updatedAt'>) => [
  company.name,
  company.email,
  company.phone,
  company.planId,
  company.status,
  company.approved,
  company.dueDate,
  company.recurrence,
  JSON.stringify(company.schedules),
  company.billing.billingName,
  company.billing.billingEmail,
  company.billing.addressZipCode,
  company.billing.addressStreet,
  company.billing.addressState,
  company.billing.addressCity,
  company.billing.addressDistrict,
  company.billing.trialExpiration,
];

/** identity.companies. */
@Injectable()
export class CompanyRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of the companies whose lower-cased name or e-mail matches `search` (a LIKE pattern), with plans, by name; with the count of all that match. */
  async page(search: string, pageNumber: number, pageSize: number): Promise<[Company[], number]> {
    const matching = `(lower(c.name) LIKE $1 OR lower(coalesce(c.email, '')) LIKE $1)`;
    const rows: CompanyRow[] = await this.dataSource.query(`${WITH_PLAN} WHERE ${matching} ORDER BY c.name, c.id LIMIT $2 OFFSET $3`, [
      search,
      pageSize,
      (pageNumber - 1) * pageSize,
    ]);
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM identity.companies c WHERE ${matching}`,
      [search],
    );
    return [rows.map(toCompany), count];
  }

  /** Every company with its plan, by name. */
  async allWithPlans(manager: EntityManager = this.dataSource.manager): Promise<Company[]> {
    const rows: CompanyRow[] = await manager.query(`${WITH_PLAN} ORDER BY c.name`);
    return rows.map(toCompany);
  }

  async findWithPlan(id: number, manager: EntityManager = this.dataSource.manager): Promise<Company | null> {
    const rows: CompanyRow[] = await manager.query(`${WITH_PLAN} WHERE c.id = $1`, [id]);
    return rows[0] ? toCompany(rows[0]) : null;
  }

  /** The company, its row locked for the caller's transaction. */
  async findLocked(manager: EntityManager, id: number): Promise<Company | null> {
    const rows: CompanyRow[] = await manager.query(`SELECT ${COLUMNS} FROM identity.companies c WHERE c.id = $1 FOR UPDATE`, [id]);
    return rows[0] ? toCompany(rows[0]) : null;
  }

  /** Like `findLocked`, failing when there is no such company. */
  async findLockedOrFail(manager: EntityManager, id: number): Promise<Company> {
    const company = await this.findLocked(manager, id);
    if (!company) throw new Error(`No company ${id}`);
    return company;
  }

  async nameTaken(manager: EntityManager, name: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM identity.companies WHERE name = $1 LIMIT 1`, [name]);
    return rows.length > 0;
  }

  async anyOnPlan(manager: EntityManager, planId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM identity.companies WHERE plan_id = $1 LIMIT 1`, [planId]);
    return rows.length > 0;
  }

  async hasAny(manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM identity.companies LIMIT 1`);
    return rows.length > 0;
  }

  /** Serialises the first-start seed of replicas starting together (until the caller's transaction ends). */
  async lockSeed(manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['identity:seed']);
  }

  async insert(manager: EntityManager, company: NewCompany): Promise<Company> {
    const rows: CompanyRow[] = await manager.query(
      `INSERT INTO identity.companies AS c (name, email, phone, plan_id, status, approved, due_date, recurrence, schedules,
         billing_name, billing_email, address_zip_code, address_street, address_state, address_city, address_district, trial_expiration)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15, $16, $17::date)
       RETURNING ${COLUMNS}`,
      companyValues(company),
    );
    return toCompany(rows[0]);
  }

  /** Writes the company's fields (not its plan); updated_at moves only when one of them changed. */
  async save(manager: EntityManager, company: Company): Promise<Company> {
    const result: unknown = await manager.query(
      `UPDATE identity.companies c
          SET name = $2, email = $3, phone = $4, plan_id = $5, status = $6, approved = $7, due_date = $8, recurrence = $9,
              schedules = $10::jsonb, billing_name = $11, billing_email = $12, address_zip_code = $13, address_street = $14,
              address_state = $15, address_city = $16, address_district = $17, trial_expiration = $18::date,
              updated_at = CASE
                WHEN (c.name, c.email, c.phone, c.plan_id, c.status, c.approved, c.due_date, c.recurrence, c.schedules,
                      c.billing_name, c.billing_email, c.address_zip_code, c.address_street, c.address_state, c.address_city,
                      c.address_district, c.trial_expiration)
                     IS DISTINCT FROM ($2, $3, $4, $5, $6, $7, $8::date, $9, $10::jsonb, $11, $12, $13, $14, $15, $16, $17, $18::date)
                THEN now() ELSE c.updated_at END
        WHERE c.id = $1
        RETURNING ${COLUMNS}`,
      [company.id, ...companyRowValues(company)],
    );
    return toCompany(changedRows<CompanyRow>(result)[0]);
  }

  /** Deletes the company; its users and settings go with it (foreign keys on delete cascade). */
  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM identity.companies WHERE id = $1`, [id]);
  }
}
