import { accountDecider, LAST_ADMIN, LINK_EXPIRED, LINK_REPLACED, LINK_USED, LINK_WITHDRAWN, NOT_ALLOWED, type AccountEvent } from '../../../modules/account';
import { specFor } from '../../support/given-when-then';

const spec = specFor(accountDecider);
const admin = { id: 'admin-1', role: 'admin' as const };
const manager = { id: 'manager-1', role: 'manager' as const };
const staffActor = { id: 'staff-1', role: 'staff' as const };
const person = { email: 'cook@example.com' };
const invitationId = '00000000-0000-4000-8000-000000000001';
const newerInvitation = '00000000-0000-4000-8000-000000000002';
const expiresAt = '2026-11-22T18:00:00.000Z';
const invited = (role: 'staff' | 'manager' | 'admin', id = invitationId): AccountEvent => ({ type: 'AccountInvited', data: { invitationId: id, role, expiresAt, person } });
const registered = (role: 'staff' | 'manager' | 'admin'): AccountEvent => ({ type: 'AccountRegistered', data: { role, mustChangePassword: false, person } });
const disabled: AccountEvent = { type: 'AccountDisabled', data: {} };
const invite = (actor: typeof admin | typeof manager | typeof staffActor, role: 'staff' | 'manager' | 'admin', id = invitationId) =>
  ({ type: 'InviteAccount' as const, accountId: 'acc-1', invitationId: id, email: person.email, role, expiresAt, actor });

describe('account decider', () => {
  describe('InviteAccount', () => {
    it('lets an admin invite any staff role and a manager only staff', () => {
      for (const role of ['staff', 'manager', 'admin'] as const) spec([]).when(invite(admin, role)).then([invited(role)]);
      spec([]).when(invite(manager, 'staff')).then([invited('staff')]);
    });

    it('refuses a manager inviting a manager or an admin, and staff inviting anyone', () => {
      spec([]).when(invite(manager, 'manager')).thenFails(NOT_ALLOWED, 'forbidden');
      spec([]).when(invite(manager, 'admin')).thenFails(NOT_ALLOWED, 'forbidden');
      spec([]).when(invite(staffActor, 'staff')).thenFails(NOT_ALLOWED, 'forbidden');
    });

    it('replaces the link on a second invitation, and refuses someone who already has a login', () => {
      spec([invited('staff')]).when(invite(manager, 'staff', newerInvitation)).then([invited('staff', newerInvitation)]);
      spec([invited('manager')]).when(invite(manager, 'staff', newerInvitation)).thenFails(NOT_ALLOWED, 'forbidden');
      spec([registered('staff')]).when(invite(admin, 'staff')).thenFails('already has a login', 'conflict');
    });

    it('gives no customer login', () => {
      spec([]).when({ ...invite(admin, 'staff'), role: 'customer' }).thenFails('staff, a manager or an admin', 'invalid');
    });
  });

  describe('AcceptInvitation', () => {
    const accept = (now: string, id = invitationId) => ({ type: 'AcceptInvitation' as const, invitationId: id, now });
    it('sets the password once, before the link expires', () => {
      spec([invited('staff')]).when(accept('2026-11-22T17:59:59.999Z')).then([{ type: 'PasswordSet', data: { invitationId } }]);
    });
    it('refuses an expired, used, replaced or withdrawn link', () => {
      spec([invited('staff')]).when(accept(expiresAt)).thenFails(LINK_EXPIRED, 'conflict');
      spec([invited('staff'), { type: 'PasswordSet', data: { invitationId } }]).when(accept('2026-11-21T00:00:00.000Z')).thenFails(LINK_USED, 'conflict');
      spec([invited('staff'), invited('staff', newerInvitation)]).when(accept('2026-11-21T00:00:00.000Z')).thenFails(LINK_REPLACED, 'conflict');
      spec([invited('staff'), disabled]).when(accept('2026-11-21T00:00:00.000Z')).thenFails(LINK_WITHDRAWN, 'forbidden');
    });
  });

  describe('ChangeRole', () => {
    const change = (role: 'staff' | 'manager' | 'admin', actor: typeof admin | typeof manager = admin, activeAdmins = 2) =>
      ({ type: 'ChangeRole' as const, accountId: 'acc-1', role, actor, activeAdmins });
    it('lets an admin change a role', () => {
      spec([registered('staff')]).when(change('manager')).then([{ type: 'RoleChanged', data: { from: 'staff', to: 'manager' } }]);
      spec([registered('admin')]).when(change('staff', admin, 2)).then([{ type: 'RoleChanged', data: { from: 'admin', to: 'staff' } }]);
    });
    it('refuses a manager promoting staff to manager or admin', () => {
      spec([registered('staff')]).when(change('manager', manager)).thenFails(NOT_ALLOWED, 'forbidden');
      spec([registered('staff')]).when(change('admin', manager)).thenFails(NOT_ALLOWED, 'forbidden');
    });
    it('never demotes the last active admin', () => {
      spec([registered('admin')]).when(change('manager', admin, 1)).thenFails(LAST_ADMIN, 'conflict');
      spec([registered('admin'), disabled]).when(change('manager', admin, 1)).then([{ type: 'RoleChanged', data: { from: 'admin', to: 'manager' } }]);
    });
  });

  describe('DisableAccount and EnableAccount', () => {
    const disable = (actor: typeof admin | typeof manager = admin, activeAdmins = 2) => ({ type: 'DisableAccount' as const, accountId: 'acc-1', actor, activeAdmins });
    it('disables once, and enables back', () => {
      spec([registered('staff')]).when(disable(manager)).then([disabled]);
      spec([registered('staff'), disabled]).when(disable()).then([]);
      spec([registered('staff'), disabled]).when({ type: 'EnableAccount', actor: manager }).then([{ type: 'AccountEnabled', data: {} }]);
    });
    it('refuses a manager disabling a manager, the last active admin, and oneself', () => {
      spec([registered('manager')]).when(disable(manager)).thenFails(NOT_ALLOWED, 'forbidden');
      spec([registered('admin')]).when(disable(admin, 1)).thenFails(LAST_ADMIN, 'conflict');
      spec([registered('admin')]).when({ ...disable(admin, 2), actor: { id: 'acc-1', role: 'admin' } }).thenFails('your own login', 'conflict');
    });
  });

  describe('one-time codes', () => {
    it('are for managers and admins, turned on once', () => {
      spec([registered('manager')]).when({ type: 'TurnOnTotp', role: 'manager' }).then([{ type: 'TotpTurnedOn', data: {} }]);
      spec([registered('manager'), { type: 'TotpTurnedOn', data: {} }]).when({ type: 'TurnOnTotp', role: 'manager' }).then([]);
      spec([registered('staff')]).when({ type: 'TurnOnTotp', role: 'staff' }).thenFails('managers and admins', 'forbidden');
    });
    it('are turned off by the person, by an admin or on the server, never by a manager for someone else', () => {
      const on: AccountEvent[] = [registered('manager'), { type: 'TotpTurnedOn', data: {} }];
      spec(on).when({ type: 'TurnOffTotp', by: 'self' }).then([{ type: 'TotpTurnedOff', data: { by: 'self' } }]);
      spec(on).when({ type: 'TurnOffTotp', by: 'admin', actor: admin }).then([{ type: 'TotpTurnedOff', data: { by: 'admin' } }]);
      spec(on).when({ type: 'TurnOffTotp', by: 'server' }).then([{ type: 'TotpTurnedOff', data: { by: 'server' } }]);
      spec(on).when({ type: 'TurnOffTotp', by: 'admin', actor: manager }).thenFails(NOT_ALLOWED, 'forbidden');
    });
  });

  it('keeps the person’s fields in one group in every event that has any', () => {
    for (const event of [invited('staff'), registered('admin')]) {
      expect(Object.keys(event.data)).toContain('person');
      expect(JSON.stringify({ ...event.data, person: undefined })).not.toContain(person.email);
    }
  });
});
