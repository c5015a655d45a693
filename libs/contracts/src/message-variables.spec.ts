import { messageVariableToken, messageVariableValues, renderMessageVariables } from './message-variables';

describe('message variables: one syntax, the older forms still read (decision 0040)', () => {
  const ana = messageVariableValues({ name: '  Ana Maria Souza ', number: '5511999990000', email: 'ana@x.com' });

  it('fills {{nome}}, {{primeiroNome}}, {{numero}} and {{email}}, spaces inside the braces allowed', () => {
    expect(renderMessageVariables('Oi {{primeiroNome}}! {{ nome }} / {{numero}} / {{email}}', ana)).toBe(
      'Oi Ana! Ana Maria Souza / 5511999990000 / ana@x.com',
    );
  });

  it("reads campaigns' {nome} and quick messages' {{name}}, {{firstName}}, {{number}} as the same variables", () => {
    expect(renderMessageVariables('{nome} {numero} {email}', ana)).toBe('Ana Maria Souza 5511999990000 ana@x.com');
    expect(renderMessageVariables('{{firstName}} {{name}} {{number}} {{email}}', ana)).toBe('Ana Ana Maria Souza 5511999990000 ana@x.com');
  });

  it('keeps unknown variables and stray braces as written; a custom variable never replaces a contact one', () => {
    const values = messageVariableValues({ name: 'Ana' }, [
      { key: 'loja', value: 'Centro' },
      { key: 'nome', value: 'outro' },
    ]);
    expect(renderMessageVariables('{{loja}} {loja} {{nome}} {{outra}} {outra} {} {{}} {a b}', values)).toBe(
      'Centro Centro Ana {{outra}} {outra} {} {{}} {a b}',
    );
  });

  it('a missing contact fills in as empty, and the token is the one syntax', () => {
    expect(renderMessageVariables('Oi {{nome}}.', messageVariableValues(null))).toBe('Oi .');
    expect(messageVariableToken('primeiroNome')).toBe('{{primeiroNome}}');
  });
});
