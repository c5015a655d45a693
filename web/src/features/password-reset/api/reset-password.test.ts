import { describe, expect, it } from 'vitest';

import { requestCodeFormSchema } from '@/features/password-reset/api/request-reset-code';
import { resetPasswordFormSchema } from '@/features/password-reset/api/reset-password';

function messages(values: Record<string, unknown>) {
  const result = resetPasswordFormSchema.safeParse(values);
  if (result.success) return {};
  // The form shows the first message of each field.
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('password reset validation (spec 3 section 5)', () => {
  const valid = { token: '123456', password: 'NewPass1', confirmPassword: 'NewPass1' };

  it('accepts the code and two equal strong passwords', () => {
    expect(messages(valid)).toEqual({});
  });

  it('every field is required', () => {
    expect(messages({ token: '', password: '', confirmPassword: '' })).toMatchObject({
      token: 'validation.fieldRequired',
      password: 'validation.fieldRequired',
      confirmPassword: 'validation.fieldRequired',
    });
  });

  it('the new password follows the sign-up rule and must match its confirmation', () => {
    expect(messages({ ...valid, password: 'weakpass', confirmPassword: 'weakpass' }).password).toBe('validation.passwordRule');
    expect(messages({ ...valid, confirmPassword: 'NewPass2' }).confirmPassword).toBe('validation.passwordsDontMatch');
  });

  it('the code has 6 digits', () => {
    expect(messages({ ...valid, token: '12ab' }).token).toBe('validation.codeFormat');
  });

  it('phase one needs a valid e-mail', () => {
    expect(requestCodeFormSchema.safeParse({ email: 'x' }).success).toBe(false);
    expect(requestCodeFormSchema.parse({ email: ' Ana@Example.COM ' }).email).toBe('ana@example.com');
  });
});
