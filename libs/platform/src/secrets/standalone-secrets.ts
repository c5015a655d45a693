import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { z } from 'zod';

import { weakSecretProblem } from '../config/secret-strength';

const secretsSchema = z.object({ jwtSecret: z.string().refine((secret) => weakSecretProblem(secret) === null) });
export type StandaloneSecrets = z.infer<typeof secretsSchema>;

/**
 * The standalone runtime's secrets: generated on first start and kept with its data (mode 0600),
 * so tokens stay valid across restarts. Distributed apps take theirs from the environment instead.
 */
export function loadOrCreateSecrets(dataDir: string): StandaloneSecrets {
  const file = path.resolve(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = secretsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is damaged; remove it to generate new secrets (all sessions end)`);
    return parsed.data;
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets: StandaloneSecrets = { jwtSecret: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  return secrets;
}
