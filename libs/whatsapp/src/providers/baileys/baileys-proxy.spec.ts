import { OutboundAllowlist, OutboundUrlGuard, type ResolveAll } from '@app/platform';
import { Logger } from '@nestjs/common';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksProxyAgent } from 'socks-proxy-agent';

import type { AuthStateRepository } from '../../common/auth-state.repository';
import type { SessionContext, SessionListener } from '../whatsapp-provider';
import { type BaileysProviderDeps, BaileysSession } from './baileys.provider';
import { type BaileysSocketLike, proxyAgent, type SocketOptions } from './baileys-socket';

/** A resolver whose answers the test changes between save and dial, as a rebinding DNS server does. */
function switchableResolver(initial: Record<string, string[]>) {
  const answers = { ...initial };
  const resolve: ResolveAll = async (host) => {
    if (!answers[host]) throw new Error(`ENOTFOUND ${host}`);
    return answers[host]!;
  };
  return { answers, resolve };
}

function fakeSocket(): BaileysSocketLike {
  return {
    ev: { on: () => undefined, removeAllListeners: () => undefined },
    sendMessage: async () => undefined,
    readMessages: async () => undefined,
    updateMediaMessage: async (message) => message,
    onWhatsApp: async () => [],
    presenceSubscribe: async () => undefined,
    end: () => undefined,
    logout: async () => undefined,
  };
}

function session(proxyUrl: string, resolve: ResolveAll) {
  const listener = { onState: jest.fn(async () => undefined), onFatal: jest.fn() } as unknown as jest.Mocked<SessionListener>;
  const socketFactory = jest.fn(async (_options: SocketOptions) => fakeSocket());
  const auth = { loadCreds: async () => null } as unknown as AuthStateRepository;
  const deps = {
    intents: {},
    auth,
    seen: async () => false,
    logger: new Logger('test'),
    outboundGuard: new OutboundUrlGuard(new OutboundAllowlist(), resolve),
    socketFactory,
    loadLib: async () => ({ initAuthCreds: () => ({}), BufferJSON: {}, proto: {} }),
  } as unknown as BaileysProviderDeps;
  const context = { connectionId: 7, companyId: 1, proxyUrl, lease: { connectionId: 7 }, auth, listener } as unknown as SessionContext;
  return { baileys: new BaileysSession(context, deps), listener, socketFactory };
}

describe('the Baileys session checks its proxy again when it dials', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('a proxy name that resolves inside by dial time (rebinding) is not dialled: DISCONNECTED, the reason logged, the session stopped', async () => {
    const dns = switchableResolver({ 'proxy.example.com': ['93.184.216.34'] });
    const { baileys, listener, socketFactory } = session('socks5://u:p@proxy.example.com:1080', dns.resolve);
    dns.answers['proxy.example.com'] = ['169.254.169.254'];
    await baileys.start();
    expect(socketFactory).not.toHaveBeenCalled();
    expect(listener.onState).toHaveBeenLastCalledWith({ status: 'DISCONNECTED', qrcode: '' });
    expect(listener.onFatal).toHaveBeenCalledWith('proxy refused: proxy.example.com resolves to 169.254.169.254, a linkLocal address');
  });

  it('a proxy saved before the guard existed (a private address) is refused the same way', async () => {
    const { baileys, listener, socketFactory } = session('http://10.0.0.1:3128', switchableResolver({}).resolve);
    await baileys.start();
    expect(socketFactory).not.toHaveBeenCalled();
    expect(listener.onFatal).toHaveBeenCalledWith('proxy refused: 10.0.0.1 is a private address');
  });

  it('an allowed proxy is dialled at the address just checked', async () => {
    const dns = switchableResolver({ 'proxy.example.com': ['93.184.216.34'] });
    const { baileys, listener, socketFactory } = session('socks5://u:p@proxy.example.com:1080', dns.resolve);
    await baileys.start();
    expect(listener.onFatal).not.toHaveBeenCalled();
    expect(socketFactory).toHaveBeenCalledTimes(1);
    expect(socketFactory.mock.calls[0]![0].proxy).toMatchObject({ host: 'proxy.example.com', addresses: ['93.184.216.34'] });
    await baileys.stop();
  });

  it('the agent connects to the pinned address, keeping the name for TLS to an https proxy', async () => {
    const guard = new OutboundUrlGuard(new OutboundAllowlist(), switchableResolver({ 'proxy.example.com': ['93.184.216.34'] }).resolve);
    const socks = proxyAgent(await guard.check('socks5://u:p@proxy.example.com:1080', 'proxy')) as unknown as SocksProxyAgent;
    expect(socks).toBeInstanceOf(SocksProxyAgent);
    expect(socks.proxy).toMatchObject({ host: '93.184.216.34', port: 1080, userId: 'u', password: 'p' });
    const https = proxyAgent(await guard.check('https://proxy.example.com:8443', 'proxy')) as unknown as HttpsProxyAgent<string>;
    expect(https.proxy.hostname).toBe('93.184.216.34');
    expect(https.connectOpts).toMatchObject({ host: '93.184.216.34', port: 8443, servername: 'proxy.example.com' });
    expect(proxyAgent(undefined)).toBeUndefined();
  });
});
