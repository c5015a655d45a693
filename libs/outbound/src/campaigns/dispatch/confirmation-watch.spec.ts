import type { CampaignShippingRepository } from '../common/campaign-shipping.repository';
import { ConfirmationWatch } from './confirmation-watch';

describe('which contact messages are asked about as a confirmation answer', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  function watchOver(awaiting: { any: boolean; numbers: string[] }) {
    const shipping = {
      awaitsAny: jest.fn(async () => awaiting.any),
      awaits: jest.fn(async (_connectionId: number, number: string) => awaiting.numbers.includes(number)),
    };
    return { watch: new ConfirmationWatch(shipping as unknown as CampaignShippingRepository), shipping };
  }

  it('asks whether a connection awaits any confirmation once a second, not for every message', async () => {
    const { watch, shipping } = watchOver({ any: false, numbers: [] });
    for (let i = 0; i < 50; i++) expect(await watch.answers(7, `55119${i}`)).toBe(false);
    expect(shipping.awaitsAny).toHaveBeenCalledTimes(1);
    expect(shipping.awaits).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1_001);
    await watch.answers(7, '5511900');
    await watch.answers(8, '5511900');
    expect(shipping.awaitsAny.mock.calls).toEqual([[7], [7], [8]]);
  });

  it('looks the number up only on a connection that awaits confirmations, and sees one within a second', async () => {
    const awaiting = { any: false, numbers: [] as string[] };
    const { watch, shipping } = watchOver(awaiting);
    expect(await watch.answers(7, '5511999')).toBe(false);
    awaiting.any = true;
    awaiting.numbers = ['5511999'];
    jest.advanceTimersByTime(1_001);
    expect(await watch.answers(7, '5511999')).toBe(true);
    expect(await watch.answers(7, '5511888')).toBe(false);
    expect(shipping.awaits).toHaveBeenCalledTimes(2);
  });

  it('while it hears confirmations start awaiting, "none awaiting" holds until one does', async () => {
    const awaiting = { any: false, numbers: [] as string[] };
    let heard: (connectionId: number) => void = () => undefined;
    const shipping = {
      awaitsAny: jest.fn(async () => awaiting.any),
      awaits: jest.fn(async (_connectionId: number, number: string) => awaiting.numbers.includes(number)),
      listenForAwaiting: jest.fn(async (onAwaiting: (connectionId: number) => void) => {
        heard = onAwaiting;
        return { end: async () => undefined };
      }),
    };
    const watch = new ConfirmationWatch(shipping as unknown as CampaignShippingRepository);
    await watch.onApplicationBootstrap();
    expect(await watch.answers(7, '5511999')).toBe(false);
    jest.advanceTimersByTime(30_000);
    expect(await watch.answers(7, '5511999')).toBe(false);
    expect(shipping.awaitsAny).toHaveBeenCalledTimes(1);
    // A confirmation through connection 7 starts awaiting its answer: the next message asks again.
    awaiting.any = true;
    awaiting.numbers = ['5511999'];
    heard(7);
    expect(await watch.answers(7, '5511999')).toBe(true);
    expect(shipping.awaitsAny).toHaveBeenCalledTimes(2);
    await watch.onApplicationShutdown();
  });
});
