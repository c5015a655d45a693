import type { CompanyResponse } from '@app/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { localToday } from '../utils/money';
import { SubscriptionPage } from './subscription-page';

const inDays = (days: number) => localToday(new Date(Date.now() + days * 86_400_000));

const company = (overrides: Partial<CompanyResponse> = {}): CompanyResponse => ({
  id: 7,
  name: 'Acme',
  email: 'boss@acme.test',
  phone: null,
  planId: 1,
  status: true,
  approved: true,
  dueDate: inDays(3),
  recurrence: 'MENSAL',
  schedules: [],
  billingName: null,
  billingEmail: 'financeiro@acme.test',
  addressZipCode: null,
  addressStreet: null,
  addressState: null,
  addressCity: null,
  addressDistrict: null,
  trialExpiration: inDays(3),
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

describe('the subscription page (Assinatura)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the trial days left, counted from trialExpiration, and the billing e-mail of the user's company", async () => {
    const calls = stubApi(on('GET', '/companies/7', 200, company()));
    renderWithProviders(<SubscriptionPage companyId={7} />);
    expect(await screen.findByText('Assinatura')).toBeTruthy();
    expect((await screen.findByTestId('subscription-trial')).textContent).toMatch(/^3 dias restantes/);
    expect(screen.getByTestId('subscription-billing-email').textContent).toBe('financeiro@acme.test');
    expect(calls.map((call) => call.url)).toEqual(['/api/companies/7']);
  });

  it('a trial that ended shows so; without a billing e-mail the company e-mail is the one billed', async () => {
    stubApi(on('GET', '/companies/7', 200, company({ trialExpiration: inDays(-2), billingEmail: null })));
    renderWithProviders(<SubscriptionPage companyId={7} />);
    expect((await screen.findByTestId('subscription-trial')).textContent).toMatch(/^Encerrado em/);
    expect(screen.getByTestId('subscription-billing-email').textContent).toBe('boss@acme.test');
  });
});
