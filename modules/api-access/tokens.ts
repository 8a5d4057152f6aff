import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { CommandContext } from '../../src/core/decider';
import type { Services } from '../../src/services';
import type { ApiScope } from '../../src/shared/api-scopes';
import { apiTokenDecider, oauthClientDecider, type Actor } from './decider';
import { apiTokenStream, oauthClientStream } from './events';
import type { ApiTokenReadModel, OAuthClientReadModel, OAuthClientView, PersonalAccessToken } from './ports';

/** The read model the screens read (projections/api-access); a change is answered once it shows there. */
export const API_TOKENS_READ_MODEL = 'api_tokens';

/** A token's text starts so, which lets a secret scanner recognise one pasted where it should not be. */
export const PERSONAL_TOKEN_PREFIX = 'tks_pat_';

/** The one hash of a token's (or a secret's) text: 32 random bytes need no slow hash, only a one-way one. */
export const hashOfToken = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The handlers of personal access tokens (issue 41 item 3). */
export function createApiTokens(deps: { services: Pick<Services, 'commands' | 'readModels'>; tokens: ApiTokenReadModel }) {
  const { services, tokens } = deps;
  return {
    /** Makes a token and answers it with its text (spec §3: `token` and `accessToken`), the only time it is shown. */
    async create(owner: Actor, name: string, scopes: ApiScope[], context: CommandContext): Promise<{ token: PersonalAccessToken; accessToken: string }> {
      const tokenId = randomUUID();
      const accessToken = `${PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const command = { type: 'CreatePersonalAccessToken' as const, tokenId, owner, name, scopes, tokenHash: hashOfToken(accessToken), now: context.now };
      const result = await services.commands.handle(apiTokenStream(tokenId), apiTokenDecider, command, context, { newStream: true });
      await services.readModels.waitFor(API_TOKENS_READ_MODEL, result.position);
      const token = (await tokens.ownedBy(owner.id)).find((each) => each.id === tokenId)!;
      return { token, accessToken };
    },

    async revoke(tokenId: string, by: Actor, context: CommandContext): Promise<void> {
      const result = await services.commands.handle(apiTokenStream(tokenId), apiTokenDecider, { type: 'RevokePersonalAccessToken', tokenId, by, now: context.now }, context);
      if (result.position) await services.readModels.waitFor(API_TOKENS_READ_MODEL, result.position);
    },
  };
}

export type ApiTokens = ReturnType<typeof createApiTokens>;

/** An OAuth client's secret starts so. */
export const CLIENT_SECRET_PREFIX = 'tks_cs_';

/** The handlers of OAuth clients (issue 41 item 2): the secret made here, answered once, kept as its hash. */
export function createOAuthClients(deps: { services: Pick<Services, 'commands' | 'readModels'>; clients: OAuthClientReadModel }) {
  const { services } = deps;
  const settle = async (position: Parameters<Services['readModels']['waitFor']>[1]) => {
    if (position) await services.readModels.waitFor(API_TOKENS_READ_MODEL, position);
  };
  return {
    async register(owner: Actor, name: string, redirect: string, context: CommandContext): Promise<OAuthClientView> {
      const clientId = randomUUID();
      const secret = `${CLIENT_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
      const command = { type: 'RegisterOAuthClient' as const, clientId, owner, name, redirect, secretHash: hashOfToken(secret), now: context.now };
      const result = await services.commands.handle(oauthClientStream(clientId), oauthClientDecider, command, context, { newStream: true });
      await settle(result.position);
      return { id: clientId, name, redirect, secret };
    },
    async change(clientId: string, by: Actor, name: string, redirect: string, context: CommandContext): Promise<void> {
      const result = await services.commands.handle(oauthClientStream(clientId), oauthClientDecider, { type: 'ChangeOAuthClient', clientId, by, name, redirect, now: context.now }, context);
      await settle(result.position);
    },
    async remove(clientId: string, by: Actor, context: CommandContext): Promise<void> {
      const result = await services.commands.handle(oauthClientStream(clientId), oauthClientDecider, { type: 'DeleteOAuthClient', clientId, by, now: context.now }, context);
      await settle(result.position);
    },
  };
}

export type OAuthClients = ReturnType<typeof createOAuthClients>;
