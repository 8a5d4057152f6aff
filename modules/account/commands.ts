import type { Role } from '../../src/identity/roles';

/** Who is acting, as the decider needs to know it. */
export interface Actor {
  id: string;
  role: Role;
}

export type AccountCommand =
  | { type: 'InviteAccount'; accountId: string; invitationId: string; email: string; role: Role; expiresAt: string; actor: Actor }
  | { type: 'RegisterAccount'; email: string; role: Role; mustChangePassword: boolean }
  | { type: 'AcceptInvitation'; invitationId: string; now: string }
  | { type: 'ChangePassword' }
  | { type: 'ChangeRole'; accountId: string; role: Role; actor: Actor; activeAdmins: number }
  | { type: 'DisableAccount'; accountId: string; actor: Actor; activeAdmins: number }
  | { type: 'EnableAccount'; actor: Actor }
  | { type: 'TurnOnTotp'; role: Role }
  | { type: 'TurnOffTotp'; by: 'self' | 'admin' | 'server'; actor?: Actor }
  | { type: 'RecordLogin' }
  | { type: 'RegisterCustomer'; email: string; verificationId: string; expiresAt: string; now: string }
  | { type: 'VerifyEmail'; verificationId: string; now: string }
  | { type: 'RequestPasswordReset'; resetId: string; expiresAt: string }
  | { type: 'ResetPassword'; resetId: string; now: string }
  | { type: 'RequestEmailChange'; changeId: string; email: string; expiresAt: string }
  | { type: 'ConfirmEmailChange'; changeId: string; now: string }
  | { type: 'CloseOwnAccount' };
