import { landingPathFor, pathAfterLogin } from '../../src/shared/roles';

describe('where a login goes (pathAfterLogin)', () => {
  it('goes back to the page of this site that asked for it', () => {
    expect(pathAfterLogin('/takeaway-night', 'manager')).toBe('/takeaway-night');
    expect(pathAfterLogin('/takeaway-api?tab=tokens#new', 'admin')).toBe('/takeaway-api?tab=tokens#new');
  });

  it.each([
    ['another host', '//evil.example/takeaway'],
    ['another host, as browsers read a backslash', '/\\evil.example'],
    ['an absolute address', 'https://evil.example/'],
    ['a relative path', 'takeaway'],
    ['a control character', '/takeaway\n'],
    ['the login page itself', '/login'],
    ['the login page with a query', '/login?next=x'],
    ['no path', undefined],
    ['not a string', { from: '/takeaway' }],
  ])('refuses %s: the role lands on its own page', (_what, from) => {
    expect(pathAfterLogin(from, 'staff')).toBe(landingPathFor('staff'));
    expect(pathAfterLogin(from, 'customer')).toBe(landingPathFor('customer'));
  });
});
