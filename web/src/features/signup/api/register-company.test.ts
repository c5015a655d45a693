import { describe, expect, it } from 'vitest';

import { signupPlans } from '@/features/signup/api/get-public-plans';
import { signupFormSchema, toRegisterCompanyInput, trialDays } from '@/features/signup/api/register-company';
import type { PublicPlan } from '@/features/signup/types';

const valid = { name: 'Acme', email: 'Owner@Acme.com', phone: '11987654321', password: 'Secret12', planId: '1' };

function messages(values: Record<string, unknown>) {
  const result = signupFormSchema.safeParse(values);
  if (result.success) return {};
  // The form shows the first message of each field.
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('sign-up validation (spec 1 section 5)', () => {
  it('accepts a complete form and lower-cases the e-mail', () => {
    const result = signupFormSchema.parse(valid);
    expect(result.email).toBe('owner@acme.com');
  });

  it('company name: required, 2 to 50', () => {
    expect(messages({ ...valid, name: '' }).name).toBe('signup.validation.nameRequired');
    expect(messages({ ...valid, name: 'A' }).name).toBe('signup.validation.nameTooShort');
    expect(messages({ ...valid, name: 'A'.repeat(51) }).name).toBe('signup.validation.nameTooLong');
  });

  it('password: 8+ characters with an uppercase, a lowercase and a digit', () => {
    expect(messages({ ...valid, password: '' }).password).toBe('validation.passwordRequired');
    for (const weak of ['short1A', 'alllower1', 'ALLUPPER1', 'NoDigitsHere']) {
      expect(messages({ ...valid, password: weak }).password).toBe('validation.passwordRule');
    }
  });

  it('e-mail: required and valid', () => {
    expect(messages({ ...valid, email: '' }).email).toBe('validation.emailRequired');
    expect(messages({ ...valid, email: 'not-an-email' }).email).toBe('validation.emailInvalid');
  });

  it('the plan placeholder is refused; the phone has at most 11 digits', () => {
    expect(messages({ ...valid, planId: '' }).planId).toBe('signup.validation.planRequired');
    expect(messages({ ...valid, phone: '119876543210' }).phone).toBe('signup.validation.phoneInvalid');
    expect(messages({ ...valid, phone: '' })).toEqual({});
  });
});

describe('the new company', () => {
  it('is monthly, active, with campaigns, due after the trial days', () => {
    const input = toRegisterCompanyInput(signupFormSchema.parse(valid), 5, new Date(2026, 0, 30));
    expect(input).toEqual({
      name: 'Acme',
      email: 'owner@acme.com',
      phone: '11987654321',
      password: 'Secret12',
      planId: 1,
      recurrence: 'MENSAL',
      dueDate: '2026-02-04',
      status: true,
      campaignsEnabled: true,
    });
  });

  it('takes the trial from the setting when it is 1 to 7, else 5 days', () => {
    expect(trialDays('3')).toBe(3);
    expect(trialDays('7')).toBe(7);
    expect(trialDays('0')).toBe(5);
    expect(trialDays('8')).toBe(5);
    expect(trialDays(undefined)).toBe(5);
    expect(trialDays('abc')).toBe(5);
  });

  it('plan 2 is hidden from the sign-up list', () => {
    const plans = [1, 2, 3].map((id) => ({ id, name: `P${id}`, users: 1, connections: 1, queues: 1, value: 10 })) as PublicPlan[];
    expect(signupPlans(plans).map((plan) => plan.id)).toEqual([1, 3]);
  });
});
