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

  it('offers the simulator provider only where the simulator is enabled', () => {
    const { unmount } = renderWithProviders(<ConnectionForm defaultValues={EMPTY_CONNECTION_FORM} queues={[]} onSubmit={vi.fn()} />);
    expect(screen.queryByTestId('connection-provider')).toBeNull();
    unmount();
    renderWithProviders(<ConnectionForm defaultValues={EMPTY_CONNECTION_FORM} queues={[]} simulatorEnabled onSubmit={vi.fn()} />);
    const options = [...(screen.getByTestId('connection-provider') as HTMLSelectElement).options].map((option) => option.value);
    expect(options).toEqual(['beta', 'simulator']);
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
