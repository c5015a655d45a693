import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { TimeZoneField } from './time-zone-field';

describe('the time zone field', () => {
  it("labels its list button in the user's language, not the combobox's English 'Toggle suggestions'", () => {
    renderWithProviders(<TimeZoneField label="Fuso horário" value="America/Sao_Paulo" onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Mostrar fusos horários' })).toBeTruthy();
    expect(screen.queryByLabelText('Toggle suggestions')).toBeNull();
    // Naming some 400 zones in the language takes seconds on a loaded machine.
  }, 30_000);
});
