import { EVENT_CATALOGUE, IDENTITY_EVENTS } from '../events';
import { advanceDueDate, can, isValidSettingValue, moneySchema, resetPasswordSchema, signUpSchema, strongPasswordSchema } from './identity';

describe('identity contract rules', () => {
  it('+Vencimento adds the months of the recurrence, clamped to the end of the month', () => {
    expect(advanceDueDate('2027-01-15', 'MENSAL')).toBe('2027-02-15');
    expect(advanceDueDate('2027-01-31', 'MENSAL')).toBe('2027-02-28');
    expect(advanceDueDate('2028-01-31', 'MENSAL')).toBe('2028-02-29');
    expect(advanceDueDate('2027-11-30', 'BIMESTRAL')).toBe('2028-01-30');
    expect(advanceDueDate('2027-08-31', 'SEMESTRAL')).toBe('2028-02-29');
    expect(advanceDueDate('2027-05-10', 'ANUAL')).toBe('2028-05-10');
  });

  it('the sign-up and reset password rule: 8+ characters with an uppercase, a lowercase and a digit', () => {
    for (const ok of ['Abcdefg1', 'Senha-forte1']) expect(strongPasswordSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh']) expect(strongPasswordSchema.safeParse(bad).success).toBe(false);
  });

  it('money is read as a number or in pt-BR format', () => {
    expect(moneySchema.parse('1.234,56')).toBe(1234.56);
    expect(moneySchema.parse('R$ 49,9')).toBe(49.9);
    expect(moneySchema.parse(19.999)).toBe(20);
    expect(moneySchema.parse('10.5')).toBe(10.5);
    expect(moneySchema.safeParse('abc').success).toBe(false);
    expect(moneySchema.safeParse(-1).success).toBe(false);
  });

  it('settings accept only the values of their enumeration; unknown keys nothing', () => {
    expect(isValidSettingValue('scheduleType', 'company')).toBe(true);
    expect(isValidSettingValue('scheduleType', 'weekly')).toBe(false);
    expect(isValidSettingValue('trial', '7')).toBe(true);
    expect(isValidSettingValue('trial', '8')).toBe(false);
    // The payment keys are billing's, sealed there (decision 0053): identity knows them no more.
    expect(isValidSettingValue('asaas', 'any token')).toBe(false);
    expect(isValidSettingValue('nonsense', 'x')).toBe(false);
  });

  it('the company time zone is an IANA name the runtime knows, never an offset or free text', () => {
    for (const zone of ['America/Sao_Paulo', 'America/New_York', 'Asia/Tokyo', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+3'])
      expect([zone, isValidSettingValue('timezone', zone)]).toEqual([zone, true]);
    for (const zone of ['', 'Lua/Base', '+03:00', '-0300', 'America/Sao_Paulo ', 'São Paulo', 'America/../etc'])
      expect([zone, isValidSettingValue('timezone', zone)]).toEqual([zone, false]);
  });

  it('the permission table: admins edit profiles, supervisors see all tickets, super users everything', () => {
    expect(can({ profile: 'admin' }, 'user-modal:editProfile')).toBe(true);
    expect(can({ profile: 'supervisor' }, 'user-modal:editProfile')).toBe(false);
    expect(can({ profile: 'supervisor' }, 'tickets-manager:showall')).toBe(true);
    expect(can({ profile: 'user' }, 'contacts-page:deleteContact')).toBe(false);
    expect(can({ profile: 'user', super: true }, 'connections-page:addConnection')).toBe(true);
    expect(can(null, 'users-page:view')).toBe(false);
  });

  it('the phone keeps its digits, at most 11; confirmation must match the new password', () => {
    const body = { name: 'Empresa', email: 'a@b.test', password: 'Senha-forte1', planId: 3 };
    expect(signUpSchema.parse({ ...body, phone: '(11) 98765-4321' }).phone).toBe('11987654321');
    expect(signUpSchema.safeParse({ ...body, phone: '119876543210' }).success).toBe(false);
    const mismatch = resetPasswordSchema.safeParse({ email: 'a@b.test', token: '123456', password: 'Senha-forte1', confirmPassword: 'x' });
    expect(mismatch.success ? null : mismatch.error.issues[0]!.message).toBe('As senhas não correspondem');
  });
});

describe('identity events', () => {
  it('every identity event is in the catalogue, on identity.events', () => {
    for (const definition of IDENTITY_EVENTS) {
      expect(EVENT_CATALOGUE[definition.type]).toBe(definition);
      expect(definition.topic).toBe('identity.events');
      expect(definition.type).toMatch(/^identity\.[a-z]+\.[a-z]+$/);
    }
  });
});
