export { ACCOUNT_PERSONAL_DATA, ACCOUNT_EVENT_SCHEMAS, ACCOUNT_EVENT_TYPES, ACCOUNT_STREAM_PREFIX, accountStream, type AccountEvent } from './events';
export { evolveAccount, initialAccountState, type AccountFacts, type AccountState } from './state';
export { accountDecider, decideAccount, LAST_ADMIN, LINK_EXPIRED, LINK_REPLACED, LINK_USED, LINK_WITHDRAWN, NOT_ALLOWED } from './decider';
export type { AccountCommand, Actor } from './commands';
export { mayManage, removesLastAdmin, STAFF_ROLES, INVITATION_VALID_MS } from './rules';
export { createAccounts, resetTotp, type Accounts, INVALID_LINK } from './accounts';
export type { AccountList, PersonRow } from './ports';
export { accountRoutes } from './routes';

/** The account id a stream `account-<id>` is for. */
export const accountIdOf = (stream: string) => stream.slice('account-'.length);
