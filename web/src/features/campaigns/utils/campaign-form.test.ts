import { campaignBodySchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';

import { aCampaign } from '@/testing/contract-fakes';

import { campaignFormDefaults, campaignFormSchema, toCampaignBody, toScheduledAtBody } from './campaign-form';
import { isCampaignEditable } from './campaign-status';

const NOW = new Date('2026-11-26T15:00:00.000Z');
const minutesFromNow = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

describe('campaign form', () => {
  it('sends empty strings as null, the connections by position and scheduledAt as YYYY-MM-DD HH:mm:ss', () => {
    const values = {
      ...campaignFormDefaults(null),
      name: 'Black Friday',
      messages: ['Olá {nome}', '', '   ', 'Oi', ''],
      whatsappIds: [4, 9],
      contactListId: '12',
      scheduledAt: '2026-11-27T09:30',
    };
    const body = toCampaignBody(values);
    expect(body).toMatchObject({
      name: 'Black Friday',
      message1: 'Olá {nome}',
      message2: null,
      message3: null,
      message4: 'Oi',
      message5: null,
      confirmationMessage1: null,
      whatsappId: 4,
      whatsappId2: 9,
      whatsappId3: null,
      whatsappId5: null,
      contactListId: 12,
      tagListId: null,
      fileListId: null,
      scheduledAt: '2026-11-27 09:30:00',
      startHour: 0,
      endHour: 24,
      allowSaturday: true,
      allowSunday: true,
      confirmation: false,
    });
    // The server's own schema takes it as it is.
    expect(campaignBodySchema.safeParse(body).success).toBe(true);
    expect(toCampaignBody({ ...values, scheduledAt: '' }).scheduledAt).toBeNull();
  });

  it("shows the schedule in the company's time zone (São Paulo by default, Tokyo when the company is there) and sends the wall time", () => {
    const campaign = aCampaign({ scheduledAt: '2026-11-27T12:30:00.000Z' });
    expect(campaignFormDefaults(campaign).scheduledAt).toBe('2026-11-27T09:30');
    expect(campaignFormDefaults(campaign, 'Asia/Tokyo').scheduledAt).toBe('2026-11-27T21:30');
    expect(toScheduledAtBody('2026-11-27T09:30')).toBe('2026-11-27 09:30:00');
    expect(toScheduledAtBody('2026-11-27T09:30:15')).toBe('2026-11-27 09:30:15');
  });

  it("names are 2 to 50 ('Required', 'Too Short!', 'Too Long!') and hours 0–23 and 1–24, the end after the start", () => {
    const base = { ...campaignFormDefaults(null), name: 'Ok' };
    const messages = (values: object) => {
      const result = campaignFormSchema.safeParse({ ...base, ...values });
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    };
    expect(messages({ name: '' })).toEqual(['name:campaigns.validation.required']);
    expect(messages({ name: 'A' })).toEqual(['name:campaigns.validation.tooShort']);
    expect(messages({ name: 'x'.repeat(51) })).toEqual(['name:campaigns.validation.tooLong']);
    expect(messages({ startHour: 24 })).toContain('startHour:campaigns.validation.startHour');
    expect(messages({ endHour: 0 })).toContain('endHour:campaigns.validation.endHour');
    expect(messages({ endHour: Number.NaN })).toContain('endHour:campaigns.validation.endHour');
    expect(messages({ startHour: 18, endHour: 8 })).toEqual(['endHour:campaigns.validation.endAfterStart']);
    expect(messages({ whatsappIds: [1, 2, 3, 4, 5, 6] })).toEqual(['whatsappIds:campaigns.validation.connectionsMax']);
    expect(messages({})).toEqual([]);
  });

  it('a scheduled campaign needs a message, a connection and a contact list or a tag, and a confirmation message when confirmation is on', () => {
    const result = campaignFormSchema.safeParse({
      ...campaignFormDefaults(null),
      name: 'Ok',
      scheduledAt: '2026-11-27T09:30',
      confirmation: true,
    });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      'campaigns.validation.messageRequired',
      'campaigns.validation.confirmationRequired',
      'campaigns.validation.connectionRequired',
      'campaigns.validation.recipientsRequired',
    ]);
  });
});

describe('campaign edit rule (spec 2 section 4)', () => {
  it('INATIVA and CANCELADA are editable, PROGRAMADA only while more than 1 hour ahead, the others not', () => {
    expect(isCampaignEditable(null, NOW)).toBe(true);
    expect(isCampaignEditable({ status: 'INATIVA', scheduledAt: null }, NOW)).toBe(true);
    expect(isCampaignEditable({ status: 'CANCELADA', scheduledAt: minutesFromNow(-300) }, NOW)).toBe(true);
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: minutesFromNow(61) }, NOW)).toBe(true);
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: minutesFromNow(60) }, NOW)).toBe(false);
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: minutesFromNow(10) }, NOW)).toBe(false);
    expect(isCampaignEditable({ status: 'EM_ANDAMENTO', scheduledAt: minutesFromNow(-10) }, NOW)).toBe(false);
    expect(isCampaignEditable({ status: 'FINALIZADA', scheduledAt: minutesFromNow(-100) }, NOW)).toBe(false);
  });
});
