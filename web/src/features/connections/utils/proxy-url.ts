import { PROXY_URL_PATTERN } from '@app/contracts';

const MAX_PORT = 65_535;

/**
 * A connection's proxy (spec: "socks4 or http form, with optional credentials"), by the pattern the
 * server checks: `socks4://host:port`, `socks5://user:pass@host:port`, `http(s)://host:port`.
 * Empty is valid (the proxy is optional); a port must be 1 to 65535.
 */
export function isValidProxyUrl(value: string | null | undefined): boolean {
  const text = value?.trim() ?? '';
  if (!text) return true;
  if (!PROXY_URL_PATTERN.test(text)) return false;
  const port = /:(\d+)\/?$/.exec(text.replace(/^[a-z0-9]+:\/\//i, ''))?.[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= MAX_PORT);
}
