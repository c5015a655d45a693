import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/test-utils';

import { EMPTY_CONNECTION_FORM } from '../utils/connection-form';
import { ConnectionForm } from './connection-form';

const queues = [
  { id: 1, name: 'Vendas', color: '#f00' },
  { id: 2, name: 'Suporte', color: '#00f' },
];

function submit(container: HTMLElement) {
  fireEvent.submit(container.querySelector('form')!);
}

describe('connection form', () => {
  it('asks for the greeting when more than one queue is selected', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(
      <ConnectionForm
        defaultValues={{ ...EMPTY_CONNECTION_FORM, name: 'Central', selectQueues: true, queueIds: [1, 2] }}
        queues={queues}
        onSubmit={onSubmit}
      />,
    );
    submit(container);
    expect(await screen.findByText('Mensagem de saudação é obrigatória quando há mais de uma fila selecionada')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('with transcription on, the modal takes the transcription provider and key', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(
      <ConnectionForm
        defaultValues={{ ...EMPTY_CONNECTION_FORM, name: 'Central', activeTranscribe: true }}
        queues={queues}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.change(screen.getByTestId('connection-transcribeprovider'), { target: { value: 'assemblyai' } });
    fireEvent.change(screen.getByTestId('connection-transcribekey'), { target: { value: 'chave-aai' } });
    submit(container);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      activeTranscribe: true,
      transcribeprovider: 'assemblyai',
      transcribekey: 'chave-aai',
    });
  });

  it('refuses a short name and a malformed proxy with their messages', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(<ConnectionForm defaultValues={EMPTY_CONNECTION_FORM} queues={[]} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/Nome/), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText(/URL do proxy/), { target: { value: 'proxy:1080' } });
    submit(container);
    expect(await screen.findByText('Muito curto!')).toBeTruthy();
    expect(screen.getByText(/URL de proxy inválida/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('lists the queues when the selection toggle is on, and nothing breaks without queues', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(
      <ConnectionForm defaultValues={{ ...EMPTY_CONNECTION_FORM, name: 'Central', selectQueues: true }} queues={[]} onSubmit={onSubmit} />,
    );
    expect(screen.getByText('Nenhuma fila cadastrada')).toBeTruthy();
    submit(container);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Central', queueIds: [] });
  });

  it('offers WhatsApp and the official Cloud API, and the simulator only where it is enabled', () => {
    const optionsOf = () => [...(screen.getByTestId('connection-provider') as HTMLSelectElement).options].map((option) => option.value);
    const { unmount } = renderWithProviders(<ConnectionForm defaultValues={EMPTY_CONNECTION_FORM} queues={[]} onSubmit={vi.fn()} />);
    expect(optionsOf()).toEqual(['beta', 'cloud']);
    unmount();
    renderWithProviders(<ConnectionForm defaultValues={EMPTY_CONNECTION_FORM} queues={[]} simulatorEnabled onSubmit={vi.fn()} />);
    expect(optionsOf()).toEqual(['beta', 'simulator', 'cloud']);
  });

  it('the Cloud API asks for its five credentials, digits for the two ids', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(
      <ConnectionForm defaultValues={{ ...EMPTY_CONNECTION_FORM, name: 'Oficial' }} queues={[]} onSubmit={onSubmit} />,
    );
    expect(screen.queryByTestId('connection-cloud-fields')).toBeNull();
    fireEvent.change(screen.getByTestId('connection-provider'), { target: { value: 'cloud' } });
    expect(await screen.findByLabelText(/Token de acesso permanente/)).toHaveProperty('type', 'password');
    fireEvent.change(screen.getByTestId('connection-cloudPhoneNumberId'), { target: { value: '10abc' } });
    submit(container);
    expect(await screen.findByText('Só dígitos, como aparece no painel da Meta')).toBeTruthy();
    expect(screen.getAllByText('Obrigatório')).toHaveLength(4);
    expect(onSubmit).not.toHaveBeenCalled();
    const values = {
      cloudPhoneNumberId: '106540352242922',
      cloudWabaId: '102290129340398',
      cloudAccessToken: 'EAAGtoken',
      cloudAppSecret: 'segredo-do-app',
      cloudVerifyToken: 'meu-token-de-verificacao',
    };
    for (const [name, value] of Object.entries(values)) fireEvent.change(screen.getByTestId(`connection-${name}`), { target: { value } });
    submit(container);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ provider: 'cloud', ...values });
  });

  it("shows Meta's refusal of a credential under that credential's field", async () => {
    const refusal = new ApiError({
      status: 400,
      code: 'ERR_VALIDATION',
      message: 'Meta refused the access token',
      fields: [{ path: 'cloud.accessToken', message: 'A Meta recusou o token de acesso' }],
    });
    const { container } = renderWithProviders(
      <ConnectionForm
        defaultValues={{
          ...EMPTY_CONNECTION_FORM,
          name: 'Oficial',
          provider: 'cloud',
          cloudPhoneNumberId: '106540352242922',
          cloudWabaId: '102290129340398',
          cloudAccessToken: 'EAAGvencido',
          cloudAppSecret: 'segredo-do-app',
          cloudVerifyToken: 'meu-token-de-verificacao',
        }}
        queues={[]}
        onSubmit={() => Promise.reject(refusal)}
      />,
    );
    submit(container);
    const message = await screen.findByText('A Meta recusou o token de acesso');
    expect(message.closest('[data-invalid]')?.querySelector('input')?.getAttribute('data-testid')).toBe('connection-cloudAccessToken');
  });

  it("shows the server's field messages under their fields when a save is refused", async () => {
    const refusal = new ApiError({
      status: 400,
      code: 'ERR_VALIDATION',
      message: 'invalid',
      fields: [{ path: 'proxyUrl', message: 'Proxy inválido' }],
    });
    const { container } = renderWithProviders(
      <ConnectionForm defaultValues={{ ...EMPTY_CONNECTION_FORM, name: 'Central' }} queues={[]} onSubmit={() => Promise.reject(refusal)} />,
    );
    submit(container);
    expect(await screen.findByText('Proxy inválido')).toBeTruthy();
  });
});
