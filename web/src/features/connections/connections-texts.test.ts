import { GREETING_REQUIRED_MESSAGE } from '@app/contracts';
import { describe, expect, it } from 'vitest';

import ptBR from '@/locales/pt-BR.json';

describe('connections texts', () => {
  it('carry the spec texts in Portuguese', () => {
    const texts = ptBR.connections;
    expect(texts.empty).toBe('Nenhuma conexão encontrada');
    expect(texts.loading).toBe('Carregando conexões');
    expect(texts.restarting).toBe('Aguarde... reiniciando...');
    expect(texts.status).toEqual({ CONNECTED: 'Conectado', DISCONNECTED: 'Desconectado', qrcode: 'QR Code' });
    expect(texts.buttons).toMatchObject({
      qrcode: 'QR Code',
      retry: 'Tentar Novamente',
      newQr: 'Novo QR',
      disconnect: 'Desconectar',
      connecting: 'Conectando...',
      edit: 'Editar',
      delete: 'Deletar',
    });
    expect(texts.confirm.deleteMessage).toBe('Deseja realmente excluir este registro?');
    expect(texts.qrModal.waiting).toBe('Waiting for QR Code');
  });

  it('say the greeting rule with the same words as the server', () => {
    expect(ptBR.connections.validation.greetingRequired).toBe(GREETING_REQUIRED_MESSAGE);
    expect(ptBR.errors.ERR_WAPP_GREETING_REQUIRED).toBe(GREETING_REQUIRED_MESSAGE);
  });
});
