import type { KnowledgeDocument } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { AgentDocuments, formatSize } from './agent-documents';

const aDocument = (overrides: Partial<KnowledgeDocument> = {}): KnowledgeDocument => ({
  id: 1,
  companyId: 1,
  agentId: 7,
  title: 'Política de trocas',
  sourceKind: 'pdf',
  sourceUrl: null,
  sizeBytes: 250_000,
  characters: 5_000,
  chunks: 5,
  status: 'ready',
  error: null,
  truncated: false,
  createdAt: '2026-11-27T12:00:00.000Z',
  ...overrides,
});

describe("an agent's documents", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('lists the documents with kind, size and status; uploads a dropped file and adds a page by its address', async () => {
    const calls = stubApi(
      on('GET', '/agents/7/knowledge', 200, [
        aDocument(),
        aDocument({ id: 2, title: 'FAQ', sourceKind: 'url', status: 'failed', error: 'fetch_failed', sizeBytes: 0 }),
      ]),
      on('POST', '/agents/7/knowledge', 201, aDocument({ id: 3, title: 'horarios' })),
      on('POST', '/agents/7/knowledge/url', 201, aDocument({ id: 4, title: 'site', sourceKind: 'url' })),
      on('DELETE', '/agents/7/knowledge/1', 200, { message: 'Documento excluído com sucesso!' }),
    );
    renderWithProviders(<AgentDocuments agentId={7} />);
    const rows = await screen.findAllByTestId('agent-document');
    expect(rows[0]!.textContent).toContain('Política de trocas');
    expect(rows[0]!.textContent).toContain('PDF · 244 KB');
    expect(rows[0]!.textContent).toContain('Pronto');
    expect(rows[1]!.textContent).toContain('Falhou');

    const file = new File(['Segunda a sexta'], 'horarios.txt', { type: 'text/plain' });
    fireEvent.drop(screen.getByTestId('agent-documents-drop'), { dataTransfer: { files: [file] } });
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/api/agents/7/knowledge')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST' && call.url === '/api/agents/7/knowledge')!.body as FormData;
    expect((sent.get('file') as File).name).toBe('horarios.txt');

    fireEvent.change(screen.getByTestId('agent-documents-url'), { target: { value: 'https://loja.example/faq' } });
    fireEvent.click(screen.getByTestId('agent-documents-add-url'));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/agents/7/knowledge/url')?.body).toEqual({ url: 'https://loja.example/faq' }),
    );

    fireEvent.click(screen.getAllByTestId('agent-document-delete')[0]!);
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/agents/7/knowledge/1')).toBe(true));
  });

  it('formats sizes', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(12 * 1024)).toBe('12 KB');
    expect(formatSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
  });
});
