import { campaignBodySchema, campaignSocketPayloadSchema, isCampaignScheduledAt } from './campaigns';

const messagesOf = (result: ReturnType<typeof campaignBodySchema.safeParse>) =>
  result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('campaign contracts', () => {
  it('reads empty strings as null and fills the defaults', () => {
    const body = campaignBodySchema.parse({ name: 'Black Friday', message1: '', whatsappId: '', contactListId: '3', scheduledAt: '' });
    expect(body).toMatchObject({
      name: 'Black Friday',
      message1: null,
      whatsappId: null,
      contactListId: 3,
      scheduledAt: null,
      startHour: 0,
      endHour: 24,
      allowSaturday: true,
      allowSunday: true,
      confirmation: false,
    });
  });

  it("refuses a name outside 2 to 50 with the spec's texts", () => {
    expect(messagesOf(campaignBodySchema.safeParse({ name: '' }))).toEqual(['name: Required']);
    expect(messagesOf(campaignBodySchema.safeParse({ name: 'a' }))).toEqual(['name: Too Short!']);
    expect(messagesOf(campaignBodySchema.safeParse({ name: 'a'.repeat(51) }))).toEqual(['name: Too Long!']);
  });

  it('takes scheduledAt as YYYY-MM-DD HH:mm:ss of a real moment only', () => {
    expect(isCampaignScheduledAt('2026-12-01 09:30:00')).toBe(true);
    expect(isCampaignScheduledAt('2026-02-30 09:30:00')).toBe(false);
    expect(isCampaignScheduledAt('2026-12-01T09:30:00Z')).toBe(false);
    expect(isCampaignScheduledAt('2026-12-01 24:00:00')).toBe(false);
  });

  it('asks a scheduled campaign for what it needs to be sent', () => {
    const issues = messagesOf(campaignBodySchema.safeParse({ name: 'Promo', scheduledAt: '2026-12-01 09:30:00', confirmation: true }));
    expect(issues).toEqual([
      'message1: Informe ao menos uma mensagem',
      'confirmationMessage1: Informe ao menos uma mensagem de confirmação',
      'whatsappId: Escolha ao menos uma conexão',
      'contactListId: Escolha uma lista de contatos ou uma tag',
    ]);
  });

  it('refuses hours out of bounds, an end before the start, a repeated connection, a list and a tag together', () => {
    expect(messagesOf(campaignBodySchema.safeParse({ name: 'Promo', startHour: 24 }))).toEqual(['startHour: Hora inválida']);
    expect(messagesOf(campaignBodySchema.safeParse({ name: 'Promo', endHour: 0 }))).toEqual(['endHour: Hora inválida']);
    expect(messagesOf(campaignBodySchema.safeParse({ name: 'Promo', startHour: 18, endHour: 8 }))).toEqual([
      'endHour: A hora final deve ser depois da inicial',
    ]);
    expect(messagesOf(campaignBodySchema.safeParse({ name: 'Promo', whatsappId: 1, whatsappId3: 1 }))).toEqual([
      'whatsappId3: Conexão repetida',
    ]);
    expect(messagesOf(campaignBodySchema.safeParse({ name: 'Promo', contactListId: 1, tagListId: 2 }))).toEqual([
      'tagListId: Escolha uma lista de contatos ou uma tag, não as duas',
    ]);
  });

  it('types the channel payloads', () => {
    expect(campaignSocketPayloadSchema.safeParse({ action: 'delete', id: 4 }).success).toBe(true);
    expect(campaignSocketPayloadSchema.safeParse({ action: 'unknown', id: 4 }).success).toBe(false);
  });
});
