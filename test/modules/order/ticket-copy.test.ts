import { ticketCopy, ticketIsDuplicate } from '../../../modules/order/kitchen/ticket';

describe('which copy a ticket is, and whether it says DUPLICATE', () => {
  it('names the copy asked for, or else the copy the next print would make', () => {
    expect(ticketCopy(1, 1)).toBe(1);
    expect(ticketCopy(3, 2)).toBe(2);
    expect(ticketCopy(0, undefined)).toBe(1);
    expect(ticketCopy(1, undefined)).toBe(2);
  });

  it('only a copy after the first is a duplicate', () => {
    expect(ticketIsDuplicate(1)).toBe(false);
    expect(ticketIsDuplicate(2)).toBe(true);
    expect(ticketIsDuplicate(ticketCopy(1, 1))).toBe(false); // the first print, shown after it was recorded
  });
});
