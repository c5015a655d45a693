import { AppError, type OutboundRefusal, type OutboundUrlGuard, OutboundUrlRefusedError } from '@app/platform';

/** The field message the connection modal shows under the proxy, in the spec's language. */
export function proxyRefusalMessage(refusal: OutboundRefusal): string {
  const allowlistHint = ' (o administrador do servidor pode liberar um proxy da própria rede em OUTBOUND_ALLOWED_HOSTS)';
  switch (refusal.reason) {
    case 'invalid-url':
    case 'scheme':
      return 'Proxy inválido: use socks4://, socks5:// ou http(s)://[usuario:senha@]host:porta';
    case 'metadata-name':
      return `Proxy não permitido: ${refusal.host} é um serviço de metadados da nuvem`;
    case 'unresolvable':
      return `Proxy não encontrado: o nome ${refusal.host} não resolve para nenhum endereço`;
    case 'address': {
      const where = refusal.host === refusal.address ? refusal.address : `${refusal.host} (${refusal.address})`;
      return `Proxy não permitido: ${where} é um endereço interno (${refusal.range})${allowlistHint}`;
    }
  }
}

/**
 * Save-time check of a connection's proxy: 400 ERR_VALIDATION on `proxyUrl` when the guard refuses
 * it, so a connection never stores a proxy it may not dial (the session checks again when it dials).
 */
export async function assertProxyUrlAllowed(guard: OutboundUrlGuard, proxyUrl: string | undefined): Promise<void> {
  if (!proxyUrl) return;
  try {
    await guard.check(proxyUrl, 'proxy');
  } catch (error) {
    if (!(error instanceof OutboundUrlRefusedError)) throw error;
    const message = proxyRefusalMessage(error.refusal);
    throw new AppError('ERR_VALIDATION', `proxyUrl: ${message}`, { fields: [{ path: 'proxyUrl', message }] });
  }
}
