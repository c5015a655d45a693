import { randomBytes } from 'node:crypto';

import { z } from 'zod';

import { ConfigError, env, loadConfig } from './load-config';

const schema = z.object({
  PORT: env.port(8080),
  DATABASE_URL: env.url(),
  KAFKA_BROKERS: env.brokers(),
  JWT_SECRET: env.secret(),
  COOKIE_SECURE: env.flag(true),
});

const valid = {
  DATABASE_URL: 'postgres://u:p@localhost:5432/db',
  KAFKA_BROKERS: 'a:9092, b:9093',
  JWT_SECRET: randomBytes(32).toString('hex'),
};

describe('loadConfig', () => {
  it('a valid environment becomes a typed config with defaults applied', () => {
    expect(loadConfig(schema, valid)).toEqual({
      PORT: 8080,
      DATABASE_URL: valid.DATABASE_URL,
      KAFKA_BROKERS: ['a:9092', 'b:9093'],
      JWT_SECRET: valid.JWT_SECRET,
      COOKIE_SECURE: true,
    });
  });

  it('every bad variable is named in one error, so the process stops with a clear message', () => {
    let error: unknown;
    try {
      loadConfig(schema, { PORT: '70000', KAFKA_BROKERS: 'nohostport', JWT_SECRET: 'short', COOKIE_SECURE: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'KAFKA_BROKERS', 'JWT_SECRET', 'COOKIE_SECURE']) {
      expect(message).toContain(name);
    }
    expect(message).toContain('at least 32 characters');
  });

  it('a missing secret is refused: no default secret exists', () => {
    const { JWT_SECRET: _omit, ...rest } = valid;
    expect(() => loadConfig(schema, rest)).toThrow(/JWT_SECRET: is required/);
  });

  it('a secret of 32 identical characters stops the start, saying how to generate a good one', () => {
    expect(() => loadConfig(schema, { ...valid, JWT_SECRET: 'a'.repeat(32) })).toThrow(
      /JWT_SECRET: is too predictable .*openssl rand -base64 48/,
    );
  });
});

describe('env.outboundAllowlist (OUTBOUND_ALLOWED_HOSTS)', () => {
  const allowlist = z.object({ OUTBOUND_ALLOWED_HOSTS: env.outboundAllowlist() });

  it('reads a comma-separated list of names, addresses and CIDR ranges; unset is empty', () => {
    expect(loadConfig(allowlist, { OUTBOUND_ALLOWED_HOSTS: ' Proxy.Corp.Internal, 10.8.0.0/16,fd00::/8 ' })).toEqual({
      OUTBOUND_ALLOWED_HOSTS: ['proxy.corp.internal', '10.8.0.0/16', 'fd00::/8'],
    });
    expect(loadConfig(allowlist, {})).toEqual({ OUTBOUND_ALLOWED_HOSTS: [] });
  });

  it('a bad entry stops the start with its name', () => {
    expect(() => loadConfig(allowlist, { OUTBOUND_ALLOWED_HOSTS: '10.8.0.0/40' })).toThrow(
      /OUTBOUND_ALLOWED_HOSTS: 10\.8\.0\.0\/40 is not a CIDR range/,
    );
  });
});
