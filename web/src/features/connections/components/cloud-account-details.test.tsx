import { SECRET_MASK } from '@app/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { CloudAccountDetails } from './cloud-account-details';

const card = {
  connectionId: 7,
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  accessToken: `${SECRET_MASK}abcd`,
  appSecret: `${SECRET_MASK}ef01`,
  verifyToken: `${SECRET_MASK}2345`,
  webhookPath: '/api/whatsapp-cloud/webhook/8c1d1d7e-7d55-4b55-9a39-2f0d3c1c7a11',
  displayPhoneNumber: '+55 11 4000-1000',
  verifiedName: 'Loja Centro',
  qualityRating: 'YELLOW',
  messagingTier: 'TIER_1K',
  graphVersion: 'v23.0',
  checkedAt: '2026-11-27T10:00:00.000Z',
  checkError: '',
};

function serve(answer: object) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL) => {
      urls.push(String(url));
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe("a Cloud API connection's card", () => {
  it("shows the webhook URL on this site's origin, the display name, quality and messaging tier", async () => {
    const urls = serve(card);
    renderWithProviders(<CloudAccountDetails connectionId={7} />);
    expect((await screen.findByTestId('cloud-webhook-url')).textContent).toBe(`${window.location.origin}${card.webhookPath}`);
    expect(urls).toEqual(['/api/whatsapp/7/cloud']);
    expect(screen.getByTestId('cloud-verified-name').textContent).toBe('Loja Centro');
    expect(screen.getByTestId('cloud-quality').textContent).toBe('Média');
    expect(screen.getByTestId('cloud-tier').textContent).toBe('1K contatos/dia');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what Meta refused at the last check', async () => {
    serve({ ...card, checkError: '190: Invalid OAuth access token' });
    renderWithProviders(<CloudAccountDetails connectionId={7} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A Meta recusou a última verificação: 190: Invalid OAuth access token',
    );
  });
});
