import { ERROR_CODES } from '@app/contracts';
import { describe, expect, it } from 'vitest';

import en from '@/locales/en.json';
import es from '@/locales/es.json';
import ptBR from '@/locales/pt-BR.json';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

describe('locale files', () => {
  it('en and es have exactly the keys of pt-BR', () => {
    const reference = keys(ptBR).sort();
    expect(keys(en).sort()).toEqual(reference);
    expect(keys(es).sort()).toEqual(reference);
  });

  it('every API error code is translated', () => {
    for (const code of ERROR_CODES) {
      expect(ptBR.errors).toHaveProperty(code);
    }
  });

  it('carries the spec texts in Portuguese', () => {
    expect(ptBR.login.title).toBe('Bem-vindo de volta');
    expect(ptBR.common.noRecords).toBe('Nenhum registro');
    expect(ptBR.common.loadMore).toBe('Carregar mais');
    expect(ptBR.mainDrawer.listItems.users).toBe('Usuários');
    expect(ptBR.layout.toggleTheme).toBe('Alternar tema');
    expect(ptBR.layout.profile).toBe('Perfil');
    expect(ptBR.layout.logout).toBe('Sair');
    expect(en.layout.profile).toBe('Profile');
    expect(en.layout.logout).toBe('Logout');
  });
});
