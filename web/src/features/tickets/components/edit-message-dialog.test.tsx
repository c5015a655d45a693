import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { splitSignature } from '../hooks/use-sign-message';
import { aMessage } from '../testing/ticket-factory';
import { EditMessageDialog } from './edit-message-dialog';

describe('edit message dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('edits the text without the signature, and the edit keeps the signature', async () => {
    const message = aMessage({ id: 40, fromMe: true, body: '*Admin:*\nOlá, segue o orçamento' });
    const calls = stubApi(on('POST', '/messages/edit/40', 200, { ...message, body: '*Admin:*\nOlá, segue o orçamento revisado' }));
    const onClose = vi.fn();
    renderWithProviders(<EditMessageDialog message={message} onClose={onClose} />);
    const box = (await screen.findByTestId('edit-message-text')) as HTMLTextAreaElement;
    expect(box.value).toBe('Olá, segue o orçamento');
    fireEvent.change(box, { target: { value: 'Olá, segue o orçamento revisado ' } });
    fireEvent.click(screen.getByTestId('edit-message-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ body: '*Admin:*\nOlá, segue o orçamento revisado' });
  });

  it('an unsigned message is edited as it is', () => {
    expect(splitSignature('Sem assinatura')).toEqual({ signature: '', text: 'Sem assinatura' });
    expect(splitSignature('*negrito* no início')).toEqual({ signature: '', text: '*negrito* no início' });
    expect(splitSignature('*Ana Paula:*\nlinha 1\nlinha 2')).toEqual({ signature: '*Ana Paula:*\n', text: 'linha 1\nlinha 2' });
  });
});
