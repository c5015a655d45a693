import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { aTicket } from '../testing/ticket-factory';
import { TagEditor } from './tag-editor';

describe('tag editor chips', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a light tag colour gets dark text and a dark one white text', async () => {
    const tags = [
      { id: 1, name: 'Padrão', color: '#A4CCCC', kanban: 0, companyId: 1 },
      { id: 2, name: 'Azul', color: '#2576d2', kanban: 0, companyId: 1 },
    ];
    stubApi(on('GET', '/tags/list', 200, tags));
    renderWithProviders(<TagEditor ticket={aTicket({ tags })} />);
    const [light, dark] = await screen.findAllByTestId('ticket-tag');
    expect(light!.textContent).toContain('Padrão');
    expect(light!.style.color).toBe('rgb(24, 24, 27)');
    expect(dark!.style.color).toBe('rgb(255, 255, 255)');
  });
});
