export { ACCOUNT_PERSONAL_DATA, ACCOUNT_EVENT_SCHEMAS, ACCOUNT_EVENT_TYPES, ACCOUNT_STREAM_PREFIX, accountStream, type AccountEvent } from './events';
export { evolveAccount, initialAccountState, type AccountFacts, type AccountState } from './state';
export {
  accountDecider,
  ALREADY_REGISTERED,
  decideAccount,
  LAST_ADMIN,
  LINK_EXPIRED,
  LINK_REPLACED,
  LINK_USED,
  LINK_WITHDRAWN,
  NOT_ALLOWED,
  CHANGE_LINK_EXPIRED,
  CHANGE_LINK_USED,
  CUSTOMERS_ONLY,
  RESET_LINK_EXPIRED,
  RESET_LINK_REPLACED,
  RESET_LINK_USED,
  SAME_EMAIL,
  VERIFY_LINK_EXPIRED,
  VERIFY_LINK_REPLACED,
  VERIFY_LINK_USED,
} from './decider';
export type { AccountCommand, Actor } from './commands';
export { mayManage, maySignUp, removesLastAdmin, STAFF_ROLES, INVITATION_VALID_MS, VERIFICATION_VALID_MS } from './rules';
export { createAccounts, resetTotp, type Accounts, INVALID_LINK } from './accounts';
export type { AccountList, PersonRow } from './ports';
export { accountRoutes } from './routes';

/** The account id a stream `account-<id>` is for. */
export const accountIdOf = (stream: string) => stream.slice('account-'.length);
export { createCustomerAccounts, type CustomerAccounts, type CustomerDeps, type HumanCheckVerifier, EMAIL_TAKEN, INVALID_VERIFY_LINK, SIGNED_IN_ALREADY, WRONG_PASSWORD } from './customers';
export { customerAccountRoutes } from './customer-routes';
