import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CompanySchedulesForm } from '@/features/companies/components/company-schedules-form';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

const company = {
  id: 5,
  name: 'Acme',
  email: 'acme@example.com',
  phone: null,
  planId: 1,
  status: true,
  approved: true,
  dueDate: null,
  recurrence: 'MENSAL',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }],
};

describe('company schedules', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the seven weekdays with the stored hours and saves the whole week', async () => {
    const calls = stubApi(on('GET', '/companies/5', 200, company), on('PUT', '/companies/5/schedules', 200, company));
    renderWithProviders(<CompanySchedulesForm companyId={5} />);
    const mondayStart = (await screen.findByLabelText('Segunda-feira Hora inicial')) as HTMLInputElement;
    expect(mondayStart.value).toBe('08:00');
    expect(screen.getByText('Domingo')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sábado Hora inicial'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText('Sábado Hora final'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const body = calls.find((call) => call.method === 'PUT')!.body as {
      id: number;
      schedules: { weekdayEn: string; startTime: string; endTime: string }[];
    };
    expect(body.id).toBe(5);
    expect(body.schedules.map((entry) => entry.weekdayEn)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(body.schedules[0]).toMatchObject({ startTime: '08:00', endTime: '18:00' });
    expect(body.schedules[5]).toMatchObject({ weekday: 'Sábado', startTime: '09:00', endTime: '12:00' });
    expect(body.schedules[6]).toMatchObject({ startTime: '', endTime: '' });
  });
});
