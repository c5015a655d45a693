import { outboundSendReference, readOutboundSendReference } from './outbound-send-reference';

describe("an outbound send's reference", () => {
  it('reads back each kind it writes', () => {
    const campaign = outboundSendReference({
      service: 'outbound',
      kind: 'campaign',
      campaignId: 7,
      shippingId: 70,
      attempt: 1,
      stage: 'confirmation',
      part: 0,
    });
    expect(readOutboundSendReference(campaign)).toEqual(campaign);
    const check = outboundSendReference({ service: 'outbound', kind: 'numberCheck', items: '4,5,6' });
    expect(readOutboundSendReference(check)).toEqual(check);
    const appointment = outboundSendReference({ service: 'outbound', kind: 'appointment', send: 3, appointment: 9 });
    expect(readOutboundSendReference(appointment)).toEqual(appointment);
  });

  it('reads the shapes written before the contract: a number check without a kind, an appointment under outbound-schedules', () => {
    expect(readOutboundSendReference({ service: 'outbound', items: '1,2' })).toEqual({
      service: 'outbound',
      kind: 'numberCheck',
      items: '1,2',
    });
    expect(readOutboundSendReference({ service: 'outbound-schedules', send: 12, schedule: 34 })).toEqual({
      service: 'outbound',
      kind: 'appointment',
      send: 12,
      appointment: 34,
    });
  });

  it("is not outbound's when another service wrote it, or when it is absent or malformed", () => {
    expect(readOutboundSendReference(null)).toBeNull();
    expect(readOutboundSendReference({ ticketId: 12, messageId: 4 })).toBeNull();
    expect(readOutboundSendReference({ service: 'outbound', kind: 'campaign', shippingId: 'x', attempt: 1, stage: 'main' })).toBeNull();
    expect(
      readOutboundSendReference({
        service: 'outbound',
        kind: 'campaign',
        campaignId: 1,
        shippingId: 2,
        attempt: 0,
        stage: 'other',
        part: 0,
      }),
    ).toBeNull();
    expect(readOutboundSendReference({ service: 'outbound', items: '1,,2' })).toBeNull();
    expect(readOutboundSendReference({ service: 'outbound-schedules', send: 1 })).toBeNull();
  });
});
