import { fillVariables, isDisconnection, isReachOutRefusal, pickMessage, shippingCommandId } from './campaign-message';

describe('campaign messages', () => {
  it('fills {{nome}}, {{primeiroNome}}, {{numero}}, {{email}} and the custom variables (decision 0040); unknown names stay', () => {
    expect(
      fillVariables(
        'Oi {{primeiroNome}} ({{ nome }}, {{numero}}, {{email}}), a {{loja}} espera você. {{outra}}',
        { name: 'Ana Maria Souza', number: '5511999990000', email: 'ana@x.com' },
        [{ key: 'loja', value: 'Loja Centro' }],
      ),
    ).toBe('Oi Ana (Ana Maria Souza, 5511999990000, ana@x.com), a Loja Centro espera você. {{outra}}');
  });

  it('still reads the older {nome} form', () => {
    expect(
      fillVariables(
        'Oi {nome} ({numero}, {email}), a {loja} espera você. {outra} {nome}',
        { name: 'Ana', number: '5511999990000', email: 'ana@x.com' },
        [
          { key: 'loja', value: 'Loja Centro' },
          { key: 'nome', value: 'não substitui o do contato' },
        ],
      ),
    ).toBe('Oi Ana (5511999990000, ana@x.com), a Loja Centro espera você. {outra} Ana');
  });

  it('picks one of the filled messages at random, each of them in time', () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < 200; i++) seen.add(pickMessage(['um', null, '', 'dois', '  ']));
    expect(seen).toEqual(new Set(['um', 'dois']));
    expect(pickMessage([null, ''])).toBeNull();
  });

  it('derives one command id per shipping record, attempt, stage and part: the same inputs, the same UUID', () => {
    const id = shippingCommandId(12, 0, 'main', 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(shippingCommandId(12, 0, 'main', 0)).toBe(id);
    const others = [
      shippingCommandId(13, 0, 'main', 0),
      shippingCommandId(12, 1, 'main', 0),
      shippingCommandId(12, 0, 'confirmation', 0),
      shippingCommandId(12, 0, 'main', 1),
    ];
    expect(new Set([id, ...others]).size).toBe(5);
  });

  it('tells a refusal to reach out and a disconnection from other failures', () => {
    expect(isReachOutRefusal('This account is restricted from reach-out messages')).toBe(true);
    expect(isReachOutRefusal('reachout_timelock')).toBe(true);
    expect(isReachOutRefusal('Error: timed out')).toBe(false);
    expect(isDisconnection('ERR_WAPP_NOT_INITIALIZED: the connection is not connected')).toBe(true);
    expect(isDisconnection('ERR_NO_WAPP_FOUND')).toBe(false);
  });
});
