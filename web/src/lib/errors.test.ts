import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { getErrorDetails, getErrorMessage } from '@/lib/errors';
import { i18n } from '@/lib/i18n';

function fixedT(lng: string) {
  const instance = i18n.cloneInstance({ lng });
  return instance;
}

describe('error display (spec section 8)', () => {
  it('shows the translation of the error code when one exists', () => {
    const error = new ApiError({ status: 401, code: 'ERR_INVALID_CREDENTIALS', message: 'Invalid credentials' });
    expect(getErrorMessage(error, fixedT('pt-BR'))).toBe('Falha na autenticação. Verifique seus dados.');
    expect(getErrorMessage(error, fixedT('en'))).toBe('Authentication failed. Check your details.');
    expect(getErrorMessage(error, fixedT('es'))).toBe('Error de autenticación. Verifique sus datos.');
  });

  it("says how long a refused login must wait, from the answer's retryAfterSeconds", () => {
    const wait = (retryAfterSeconds?: number) =>
      new ApiError({
        status: 429,
        code: 'ERR_RATE_LIMITED',
        message: 'Too many attempts',
        details: retryAfterSeconds ? { retryAfterSeconds } : {},
      });
    expect(getErrorMessage(wait(1), fixedT('pt-BR'))).toBe('Muitas tentativas. Tente novamente em 1 segundo.');
    expect(getErrorMessage(wait(45), fixedT('pt-BR'))).toBe('Muitas tentativas. Tente novamente em 45 segundos.');
    expect(getErrorMessage(wait(300), fixedT('pt-BR'))).toBe('Muitas tentativas. Tente novamente em 5 minutos.');
    expect(getErrorMessage(wait(300), fixedT('en'))).toBe('Too many attempts. Try again in 5 minutes.');
    expect(getErrorMessage(wait(), fixedT('pt-BR'))).toBe('Muitas tentativas. Aguarde um momento e tente novamente.');
  });

  it('puts the due date into the subscription-expired text', () => {
    const error = new ApiError({
      status: 401,
      code: 'ERR_SUBSCRIPTION_EXPIRED',
      message: 'expired',
      details: { dueDate: '2024-03-05T12:00:00' },
    });
    expect(getErrorMessage(error, fixedT('pt-BR'))).toMatch(/^Sua assinatura venceu em 05\/03\/2024/);
    const dateOnly = new ApiError({
      status: 401,
      code: 'ERR_SUBSCRIPTION_EXPIRED',
      message: 'Subscription expired on 2024-03-05',
      details: { dueDate: '2024-03-05' },
    });
    expect(getErrorMessage(dateOnly, fixedT('pt-BR'))).toMatch(/^Sua assinatura venceu em 05\/03\/2024/);
    const noDate = new ApiError({ status: 401, code: 'ERR_SUBSCRIPTION_EXPIRED', message: 'expired' });
    expect(getErrorMessage(noDate, fixedT('pt-BR'))).not.toContain('{{');
  });

  it("puts the plan's counts into the queue-limit text (spec 3: 'Limite de filas atingido (x/y)...')", () => {
    const error = new ApiError({ status: 400, code: 'ERR_QUEUE_LIMIT_REACHED', message: 'limit', details: { current: 2, max: 2 } });
    expect(getErrorMessage(error, fixedT('pt-BR'))).toBe(
      'Limite de filas atingido (2/2). Exclua uma fila existente ou atualize seu plano para criar mais filas.',
    );
    const noCounts = new ApiError({ status: 400, code: 'ERR_QUEUE_LIMIT_REACHED', message: 'limit' });
    expect(getErrorMessage(noCounts, fixedT('pt-BR'))).toBe(
      'Limite de filas atingido. Exclua uma fila existente ou atualize seu plano para criar mais filas.',
    );
  });

  it('falls back to the raw message for an unknown code, then to the code', () => {
    expect(getErrorMessage(new ApiError({ status: 400, code: 'ERR_SOMETHING_NEW', message: 'Raw text' }), fixedT('pt-BR'))).toBe(
      'Raw text',
    );
    expect(getErrorMessage(new ApiError({ status: 400, code: 'ERR_SOMETHING_NEW', message: '' }), fixedT('pt-BR'))).toBe(
      'ERR_SOMETHING_NEW',
    );
  });

  it('shows a plain string as is and anything else as the generic text', () => {
    expect(getErrorMessage('Plain string', fixedT('en'))).toBe('Plain string');
    expect(getErrorMessage({ weird: true }, fixedT('en'))).toBe('An error occurred!');
  });

  it('lists validation fields', () => {
    const error = new ApiError({
      status: 400,
      code: 'ERR_VALIDATION',
      message: 'Invalid',
      fields: [{ path: 'email', message: 'Invalid email' }],
    });
    expect(getErrorDetails(error)).toBe('email: Invalid email');
    expect(getErrorDetails(new Error('x'))).toBeUndefined();
  });
});
