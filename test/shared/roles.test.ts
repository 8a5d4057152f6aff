import { landingPathFor, rolesGivenBy } from '../../src/shared/roles';

describe('who may manage whom (the decider and the Logins screen both read it)', () => {
  it('offers an admin every staff role, a manager staff only, and staff or customers none', () => {
    expect(rolesGivenBy('admin')).toEqual(['staff', 'manager', 'admin']);
    expect(rolesGivenBy('manager')).toEqual(['staff']);
    expect(rolesGivenBy('staff')).toEqual([]);
    expect(rolesGivenBy('customer')).toEqual([]);
  });

});

describe('where a login lands (issue 38 item 7)', () => {
  it('sends staff of every rank to the live orders and a customer to the menu', () => {
    expect(['staff', 'manager', 'admin'].map((role) => landingPathFor(role as 'staff'))).toEqual(['/takeaway', '/takeaway', '/takeaway']);
    expect(landingPathFor('customer')).toBe('/');
  });
});
