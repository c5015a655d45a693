import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { aMessage } from '../testing/ticket-factory';
import { MessageBubble } from './message-bubble';

describe('message bubble', () => {
  it("marks a message an AI assistant sent with the assistant's name", () => {
    renderWithProviders(
      <MessageBubble
        message={aMessage({ fromMe: true, body: 'Temos sim!', aiAuthor: { kind: 'agent', id: 3, name: 'Bia' } })}
        isGroup={false}
      />,
    );
    expect(screen.getByTestId('message-ai-author').textContent).toBe('IA · Bia');
  });

  it('marks no message a person sent', () => {
    renderWithProviders(<MessageBubble message={aMessage({ fromMe: true, body: 'Temos sim!', aiAuthor: null })} isGroup={false} />);
    expect(screen.queryByTestId('message-ai-author')).toBeNull();
  });
});
