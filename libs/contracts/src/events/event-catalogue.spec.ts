import { eventEnvelopeSchema } from '../envelope';
import { EVENT_CATALOGUE } from './index';

describe('the event catalogue', () => {
  it('names every event as an envelope accepts it (<service>.<entity>.<verb>, no hyphens)', () => {
    for (const type of Object.keys(EVENT_CATALOGUE)) {
      expect(eventEnvelopeSchema.shape.type.safeParse(type).success ? type : `${type} is refused by the envelope`).toBe(type);
    }
  });
});
