// The PostgreSQL auth store with the real Baileys package: a round trip through BufferJSON text,
// rebuilt as if on another process, and the lease's fencing of writes. Needs TEST_DATABASE_URL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { baileys, require } from './fixtures.mjs';

const { openServiceDataSource } = require('../../../../../platform/src/index.ts');
const { createTestDatabase } = require('../../../../../platform/src/testing/index.ts');
const { WHATSAPP_ENTITIES, WHATSAPP_MIGRATIONS } = require('../../../whatsapp.module.ts');
const { AuthStateRepository } = require('../../../common/auth-state.repository.ts');
const { SessionLeaseRepository, LeaseLostError } = require('../../../common/session-lease.repository.ts');
const { usePostgresAuthState } = require('../pg-auth-state.ts');

describe('Baileys auth state in PostgreSQL', () => {
  let database;
  let dataSource;
  let repository;
  let leases;

  before(async () => {
    database = await createTestDatabase('wa_auth');
    dataSource = await openServiceDataSource(database.url, {
      schema: 'whatsapp',
      entities: WHATSAPP_ENTITIES,
      migrations: WHATSAPP_MIGRATIONS,
    });
    repository = new AuthStateRepository(dataSource);
    leases = new SessionLeaseRepository(dataSource, 60_000);
  });
  after(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('creds and signal keys survive a round trip, read back by a fresh state as another process would', async () => {
    const lease = await leases.tryAcquire(1, 'process-a');
    const first = await usePostgresAuthState(baileys, repository, lease);
    assert.equal(first.paired, false);
    first.state.creds.me = { id: '5511912345678:2@s.whatsapp.net', name: 'Loja' };
    await first.saveCreds();
    const preKey = { private: Buffer.from('a'.repeat(32)), public: Buffer.from('b'.repeat(32)) };
    const syncKey = baileys.proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from('k'.repeat(32)), timestamp: 5 });
    await first.state.keys.set({
      'pre-key': { 1: preKey, 2: preKey },
      'app-state-sync-key': { AAAA: syncKey },
      'lid-mapping': { 5511912345678: '99887766' },
    });
    await first.state.keys.set({ 'pre-key': { 2: null } });
    await leases.release(lease);

    const other = await usePostgresAuthState(baileys, repository, await leases.tryAcquire(1, 'process-b'));
    assert.equal(other.paired, true);
    assert.deepEqual(other.state.creds.noiseKey.private, first.state.creds.noiseKey.private);
    assert.ok(Buffer.isBuffer(other.state.creds.signedIdentityKey.public));
    const keys = await other.state.keys.get('pre-key', ['1', '2', '3']);
    assert.deepEqual(Object.keys(keys), ['1']);
    assert.deepEqual(keys['1'].private, preKey.private);
    const sync = await other.state.keys.get('app-state-sync-key', ['AAAA']);
    assert.ok(sync.AAAA instanceof baileys.proto.Message.AppStateSyncKeyData);
    assert.deepEqual(Buffer.from(sync.AAAA.keyData), Buffer.from('k'.repeat(32)));
  });

  it("a LID is mapped to its phone number from Baileys' own lid-mapping keys when our table does not know it", async () => {
    const lease = await leases.tryAcquire(3, 'process-a');
    const state = await usePostgresAuthState(baileys, repository, lease);
    await state.state.keys.set({ 'lid-mapping': { 5511933332222: '99887766', '99887766_reverse': '5511933332222' } });
    assert.equal(await repository.phoneForLid(3, '99887766'), '5511933332222');
    assert.equal(await repository.phoneForLid(3, '11112222'), null);
    await repository.saveLidMapping(3, '11112222', '5511900001111');
    assert.equal(await repository.phoneForLid(3, '11112222'), '5511900001111');
  });

  it("a process whose lease was taken over can no longer write the session's auth state", async () => {
    const shortLeases = new SessionLeaseRepository(dataSource, 50);
    const stale = await shortLeases.tryAcquire(2, 'process-a');
    assert.equal(await shortLeases.tryAcquire(2, 'process-b'), null, 'a live lease is not taken');
    await new Promise((resolve) => setTimeout(resolve, 120));
    const current = await shortLeases.tryAcquire(2, 'process-b');
    assert.ok(BigInt(current.token) > BigInt(stale.token), 'the fencing token moved on');
    const state = await usePostgresAuthState(baileys, repository, stale);
    await assert.rejects(state.saveCreds(), LeaseLostError);
    await assert.rejects(state.state.keys.set({ session: { x: { a: 1 } } }), LeaseLostError);
    assert.equal(await shortLeases.renew(stale), false);
    assert.equal(await shortLeases.renew(current), true);
  });
});
