import { dateInDays, trialDays } from '../sign-up/sign-up.service';
import { subscriptionInfo } from './session.service';

const at = (iso: string) => new Date(iso).getTime();

describe('subscription and trial dates', () => {
  it('days left count to the end of the due date (UTC); under 5 warns', () => {
    expect(subscriptionInfo('2027-03-10', at('2027-03-05T12:00:00Z'))).toEqual({ dueDate: '2027-03-10', daysLeft: 5, warning: false });
    expect(subscriptionInfo('2027-03-10', at('2027-03-06T00:00:00Z'))).toEqual({ dueDate: '2027-03-10', daysLeft: 5, warning: false });
    expect(subscriptionInfo('2027-03-10', at('2027-03-06T00:00:01Z'))).toEqual({ dueDate: '2027-03-10', daysLeft: 4, warning: true });
    expect(subscriptionInfo('2027-03-10', at('2027-03-10T23:00:00Z'))).toEqual({ dueDate: '2027-03-10', daysLeft: 0, warning: true });
    expect(subscriptionInfo(null)).toEqual({ dueDate: null, daysLeft: null, warning: false });
  });

  it('the trial is the global setting in days, 1 to 7, 5 when unreadable', () => {
    expect(trialDays('3')).toBe(3);
    expect(trialDays('7')).toBe(7);
    expect(trialDays('0')).toBe(5);
    expect(trialDays('9')).toBe(5);
    expect(trialDays('abc')).toBe(5);
    expect(dateInDays(5, new Date('2027-02-26T23:59:00Z'))).toBe('2027-03-03');
  });
});
