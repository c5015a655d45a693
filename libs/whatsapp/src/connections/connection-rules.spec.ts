import { connectionCreateSchema, connectionUpdateSchema, GREETING_REQUIRED_MESSAGE } from '@app/contracts';
import { AppError } from '@app/platform';

import { applyGreetingRule, assertBelowConnectionLimit, assertDefaultKept } from './connection-rules';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? [error.code, error.message] : String(error);
  }
  return null;
};

describe('connection rules', () => {
  it('more than one queue without a greeting is refused with the spec message', () => {
    expect(codeOf(() => applyGreetingRule({ queueIds: [], greetingMessage: '' }, { queueIds: [1, 2], greetingMessage: '  ' }))).toEqual([
      'ERR_WAPP_GREETING_REQUIRED',
      GREETING_REQUIRED_MESSAGE,
    ]);
  });

  it('the greeting already stored counts when only the queues change', () => {
    expect(applyGreetingRule({ queueIds: [1], greetingMessage: 'Olá' }, { queueIds: [1, 2] })).toEqual({
      queueIds: [1, 2],
      greetingMessage: 'Olá',
    });
  });

  it('setting one queue or none clears the greeting; other changes leave it alone', () => {
    expect(applyGreetingRule({ queueIds: [1, 2], greetingMessage: 'Olá' }, { queueIds: [2] }).greetingMessage).toBe('');
    expect(applyGreetingRule({ queueIds: [1], greetingMessage: 'Olá' }, {}).greetingMessage).toBe('Olá');
  });

  it('the default connection cannot simply be switched off', () => {
    expect(codeOf(() => assertDefaultKept(true, false))?.[0]).toBe('ERR_NO_OTHER_WHATSAPP');
    expect(codeOf(() => assertDefaultKept(false, false))).toBeNull();
    expect(codeOf(() => assertDefaultKept(true, undefined))).toBeNull();
  });

  it("the plan's limit counts existing connections; an unknown plan sets none", () => {
    expect(codeOf(() => assertBelowConnectionLimit(2, 2))?.[0]).toBe('ERR_CONNECTION_LIMIT_REACHED');
    expect(codeOf(() => assertBelowConnectionLimit(1, 2))).toBeNull();
    expect(codeOf(() => assertBelowConnectionLimit(99, null))).toBeNull();
  });
});

describe('connection bodies', () => {
  it('a name of 2 to 50 characters is required on create, optional on update', () => {
    expect(connectionCreateSchema.safeParse({}).success).toBe(false);
    expect(connectionCreateSchema.safeParse({ name: 'ab' }).success).toBe(true);
    expect(connectionCreateSchema.safeParse({ name: 'a' }).error?.issues[0].message).toBe('Muito curto!');
    expect(connectionCreateSchema.safeParse({ name: 'a'.repeat(51) }).error?.issues[0].message).toBe('Muito grande!');
    expect(connectionUpdateSchema.safeParse({}).success).toBe(true);
  });

  it.each([
    ['socks4://10.0.0.1:1080', true],
    ['socks5://user:pa$$@proxy.example.com:1080', true],
    ['http://proxy.example.com:3128', true],
    ['https://user:secret@proxy.example.com', true],
    ['', true],
    ['ftp://proxy:21', false],
    ['proxy.example.com:3128', false],
    ['http://user@:3128', false],
    ['socks5://user:secret@[2001:db8::10]:1080', true],
    ['http://[2001:db8::10]', true],
    ['http://[not-an-address]:3128', false],
    ['http://2001:db8::10:3128', false],
  ])('proxy URL %s accepted: %s', (proxyUrl, ok) => {
    expect(connectionUpdateSchema.safeParse({ proxyUrl }).success).toBe(ok);
  });

  it('API media sets hold up to three positions', () => {
    expect(connectionUpdateSchema.safeParse({ api1_medias: ['a.png', null, 'b.mp4'] }).success).toBe(true);
    expect(connectionUpdateSchema.safeParse({ api1_medias: ['a', 'b', 'c', 'd'] }).success).toBe(false);
  });
});
