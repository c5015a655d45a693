/// <reference lib="dom" />
/**
 * The partner API (issue 26) in Chromium against the standalone product with the simulator: a company
 * admin creates an API token on /messages-api (shown once), sends a text from the Mensagens tab's live
 * form with that token, and the message reaches the simulated phone; its status is read with the same
 * token; the API reference tab shows the operations of /api/openapi.json; a revoked token stops.
 */
import { partnerMessageSchema, partnerSendResponseSchema, simulatorOutboundResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';

import { api, companyOfItsOwn, pageToken, scannedConnection, signedInPage, until } from '../support/browser-setup';
import { type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(180_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const VIEWPORT = { width: 1366, height: 820 };
const NUMBER = '5511955554444';
const TEXT = 'Seu pedido 1234 saiu para entrega';

describe('browser: the partner API', () => {
  let stack: ProductStack;
  let baseUrl: string;

  beforeAll(async () => {
    stack = await startProductStack('browser_partner_api', ADMIN, { SIMULATOR_ENABLED: 'true' });
    ({ baseUrl } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('an admin creates an API token and sends a message from the /messages-api form that reaches the simulator', async () => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Loja Verde', { useExternalApi: true });
    const page = await signedInPage(stack, admin, VIEWPORT);
    const jwt = await pageToken(page);
    const connection = await scannedConnection(baseUrl, jwt, 'Simulador API');

    // The token, shown once.
    await page.goto(`${baseUrl}/messages-api`);
    await page.getByRole('heading', { name: 'API de Mensagens' }).waitFor();
    await page.locator('[data-testid="api-token-name"]').fill('ERP');
    await page.locator('[data-testid="api-token-create"]').click();
    const token = await page.locator('[data-testid="api-token-value"]').inputValue();
    expect(token).toMatch(/^zdk_[A-Za-z0-9_-]{43}$/);
    await page.locator('[data-testid="api-token-list"]', { hasText: 'ERP' }).waitFor();

    // The Mensagens tab's text form, with the new token filled in.
    await page.getByRole('tab', { name: 'Mensagens' }).click();
    expect(await page.locator('[data-testid="sample-text-token"]').inputValue()).toBe(token);
    await page.locator('[data-testid="sample-text-number"]').fill(NUMBER);
    await page.locator('[data-testid="sample-text-body"]').fill(TEXT);
    await page.locator('[data-testid="sample-text-send"]').click();
    const result = expectAnswer(partnerSendResponseSchema, {
      status: 200,
      body: JSON.parse((await page.locator('[data-testid="sample-text-result"]').textContent({ timeout: 30_000 }))!),
    });
    expect(result).toMatchObject({ mensagem: 'Mensagem enviada', status: 'pending' });

    // At the simulated phone, once; its status read with the token.
    const phone = await until(async () => {
      const outbound = expectAnswer(
        simulatorOutboundResponseSchema,
        await api(baseUrl, 'GET', `/api/simulator/connections/${connection.id}/outbound`, jwt),
      );
      return outbound.messages.find((message) => message.body === TEXT);
    }, 'the message at the simulated phone');
    expect(phone.to).toContain(NUMBER);
    const status = await until(async () => {
      const answer = expectAnswer(partnerMessageSchema, await api(baseUrl, 'GET', `/api/messages/status/${result.id}`, token));
      return answer.status === 'sent' ? answer : undefined;
    }, 'the status sent');
    expect(status.ticketId).not.toBeNull();

    // The reference, read from /api/openapi.json.
    await page.getByRole('tab', { name: 'Referência da API' }).click();
    await page.locator('[data-testid="api-operation-sendMessage"]').getByRole('heading', { name: '/messages/send' }).waitFor();
    await page.locator('[data-testid="api-operation-getMessageStatus"]').waitFor();

    // Revoked from the tokens tab: the next request stops.
    await page.getByRole('tab', { name: 'Tokens' }).click();
    await page.locator('[data-testid="api-token-revoke"]').first().click();
    await page.locator('[data-testid="confirm-dialog-confirm"]').click();
    await until(async () => (await api(baseUrl, 'GET', `/api/messages/status/${result.id}`, token)).status === 401, 'the token refused');
  });
});
