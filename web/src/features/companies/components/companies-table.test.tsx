import { screen } from '@testing-library/react';
import { addDays, format } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';

import { CompaniesTable } from '@/features/companies/components/companies-table';
import type { CompanyResponse } from '@/features/companies/types';
import { renderWithProviders } from '@/testing/test-utils';

function company(id: number, dueInDays: number | null, extra: Partial<CompanyResponse> = {}): CompanyResponse {
  return {
    id,
    name: `Empresa ${id}`,
    email: `e${id}@example.com`,
    phone: null,
    planId: 1,
    status: true,
    approved: false,
    dueDate: dueInDays === null ? null : format(addDays(new Date(), dueInDays), 'yyyy-MM-dd'),
    recurrence: 'MENSAL',
    schedules: [],
    billingName: null,
    billingEmail: null,
    addressZipCode: null,
    addressStreet: null,
    addressState: null,
    addressCity: null,
    addressDistrict: null,
    trialExpiration: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...extra,
  };
}

describe('companies table', () => {
  it('colours rows by due date and shows approval and status in words', () => {
    renderWithProviders(
      <CompaniesTable
        companies={[company(1, -2), company(2, 0), company(3, 3), company(4, 30, { approved: true, status: false }), company(5, null)]}
        onEdit={vi.fn()}
        onSchedules={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    const tones = screen.getAllByTestId('companies-row').map((row) => row.dataset.dueTone);
    expect(tones).toEqual(['overdue', 'overdue', 'soon', 'none', 'none']);
    expect(screen.getAllByText('Não Aprovado')).toHaveLength(4);
    expect(screen.getByText('Aprovado')).toBeTruthy();
    expect(screen.getAllByText('Sim')).toHaveLength(4);
    expect(screen.getByText('Não')).toBeTruthy();
  });
});
