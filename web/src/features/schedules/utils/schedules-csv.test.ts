import { describe, expect, it } from 'vitest';

import { formatSchedulePhone, schedulesCsv, schedulesCsvFileName } from './schedules-csv';

const headers = ['Data', 'Hora', 'Serviço', 'Cliente', 'Telefone', 'Informações extras', 'Descrição'] as const;
const SP = 'America/Sao_Paulo';

describe('schedules CSV export', () => {
  it('removes the 55 prefix and formats 11 or 10 digits', () => {
    expect(formatSchedulePhone('5511999998888')).toBe('(11) 99999-8888');
    expect(formatSchedulePhone('551133334444')).toBe('(11) 3333-4444');
    expect(formatSchedulePhone('11999998888')).toBe('(11) 99999-8888');
    expect(formatSchedulePhone('5521987654321@c.us')).toBe('(21) 98765-4321');
    // 55 is the DDD of Rio Grande do Sul when the number has no country code.
    expect(formatSchedulePhone('55999998888')).toBe('(55) 99999-8888');
    expect(formatSchedulePhone('447911123456')).toBe('447911123456');
    expect(formatSchedulePhone(null)).toBe('');
  });

  it("has the spec's columns, oldest first, with date and time in the company's zone", () => {
    const csv = schedulesCsv(
      [
        {
          sendAt: '2026-11-27T13:00:00.000Z',
          body: 'Lembrete: corte amanhã',
          extraInfo: null,
          contact: { name: 'Bruno', number: '551133334444' },
          service: null,
        },
        {
          sendAt: '2026-11-26T17:30:00.000Z',
          body: 'Olá; sua massagem está confirmada',
          extraInfo: 'Trazer toalha',
          contact: { name: 'Ana Souza', number: '5511999998888' },
          service: { name: 'Massagem' },
        },
      ],
      headers,
      SP,
    );
    expect(csv.split('\r\n')).toEqual([
      'Data;Hora;Serviço;Cliente;Telefone;Informações extras;Descrição',
      '26/11/2026;14:30;Massagem;Ana Souza;(11) 99999-8888;Trazer toalha;"Olá; sua massagem está confirmada"',
      '27/11/2026;10:00;;Bruno;(11) 3333-4444;;Lembrete: corte amanhã',
    ]);
  });

  it("is named with the day of the export in the company's zone", () => {
    expect(schedulesCsvFileName(new Date('2026-11-27T01:30:00.000Z'), SP)).toBe('agendamentos_2026-11-26.csv');
  });
});
