import { acceptGreeting, timeOfDayGreeting } from './ticket.service';

const SP = 'America/Sao_Paulo';

describe('the accept greeting', () => {
  it('says good morning, afternoon or evening by the hour in São Paulo', () => {
    expect(timeOfDayGreeting(new Date('2026-03-10T12:00:00Z'), SP)).toBe('Bom dia'); // 09:00 in São Paulo
    expect(timeOfDayGreeting(new Date('2026-03-10T17:00:00Z'), SP)).toBe('Boa tarde'); // 14:00
    expect(timeOfDayGreeting(new Date('2026-03-10T23:30:00Z'), SP)).toBe('Boa noite'); // 20:30
    expect(timeOfDayGreeting(new Date('2026-03-10T06:00:00Z'), SP)).toBe('Boa noite'); // 03:00
  });

  it("reads the hour in the company's zone: the same instant is evening in São Paulo and morning in Tokyo", () => {
    expect(timeOfDayGreeting(new Date('2026-03-10T23:30:00Z'), 'Asia/Tokyo')).toBe('Bom dia'); // 08:30 on the 11th
    expect(timeOfDayGreeting(new Date('2026-03-10T17:00:00Z'), 'America/New_York')).toBe('Boa tarde'); // 13:00 EDT
  });

  it('is the agent presenting themself to the contact, signed with their name', () => {
    expect(acceptGreeting('Ana', 'Maria Cliente', new Date('2026-03-10T17:00:00Z'), SP)).toBe(
      '*Ana:*\nBoa tarde *Maria Cliente*, meu nome é *Ana* e darei continuidade em seu atendimento.',
    );
    expect(acceptGreeting('Ana', ' ', new Date('2026-03-10T12:00:00Z'), SP)).toBe(
      '*Ana:*\nBom dia, meu nome é *Ana* e darei continuidade em seu atendimento.',
    );
  });
});
