import { apiTokenDecider, oauthClientDecider, type ApiAccessEvent } from '../../../modules/api-access';
import { API_ACCESS_TEXTS, redirectProblem, scopeAllowed } from '../../../src/shared/api-scopes';
import { specFor } from '../../support/given-when-then';

const tokens = specFor(apiTokenDecider);
const clients = specFor(oauthClientDecider);
const now = '2026-11-30T07:00:00.000Z';
const tokenId = '41414141-4141-4141-8141-414141414141';
const clientId = '42424242-4242-4242-8242-424242424242';
const hash = 'a'.repeat(64);
const cook = { id: '11111111-1111-4111-8111-111111111111', role: 'staff' as const };
const porter = { id: '22222222-2222-4222-8222-222222222222', role: 'staff' as const };
const admin = { id: '33333333-3333-4333-8333-333333333333', role: 'admin' as const };
const diner = { id: '44444444-4444-4444-8444-444444444444', role: 'customer' as const };

const created: ApiAccessEvent = { type: 'PersonalAccessTokenCreated', data: { tokenId, ownerId: cook.id, name: 'Till', scopes: ['menu:read'], tokenHash: hash, createdAt: now } };
const registered: ApiAccessEvent = { type: 'OAuthClientRegistered', data: { clientId, ownerId: cook.id, name: 'Till', redirect: 'https://till.example/cb', secretHash: hash, registeredAt: now } };

describe('personal access tokens (issue 41)', () => {
  const create = (owner: typeof cook | typeof diner, scopes: Array<'menu:read' | 'orders:write'>) => ({ type: 'CreatePersonalAccessToken' as const, tokenId, owner, name: 'Till', scopes, tokenHash: hash, now });

  it('a staff login makes one with its scopes, each once; the same command again changes nothing', () => {
    tokens([]).when(create(cook, ['menu:read', 'menu:read'])).then([created]);
    tokens([created]).when(create(cook, ['menu:read'])).then([]);
  });

  it('a customer login holds none', () => {
    tokens([]).when(create(diner, [])).thenFails(API_ACCESS_TEXTS.customersHaveNone, 'forbidden');
    expect(scopeAllowed('customer', 'menu:read')).toBe(false);
    expect(scopeAllowed('staff', 'orders:read:personal')).toBe(true);
  });

  it('its owner or an admin revokes it, once; anyone else is told there is no such token', () => {
    const revoke = (by: typeof cook | typeof admin) => ({ type: 'RevokePersonalAccessToken' as const, tokenId, by, now });
    const revoked: ApiAccessEvent = { type: 'PersonalAccessTokenRevoked', data: { tokenId, revokedAt: now, revokedBy: cook.id } };
    tokens([created]).when(revoke(cook)).then([revoked]);
    tokens([created]).when(revoke(admin)).then([{ ...revoked, data: { ...revoked.data, revokedBy: admin.id } } as ApiAccessEvent]);
    tokens([created]).when(revoke(porter)).thenFails(API_ACCESS_TEXTS.noSuchToken, 'not_found');
    tokens([created, revoked]).when(revoke(cook)).then([]);
    tokens([]).when(revoke(cook)).thenFails(API_ACCESS_TEXTS.noSuchToken, 'not_found');
  });
});

describe('OAuth clients (issue 41)', () => {
  const register = (redirect: string, owner: typeof cook | typeof diner = cook) => ({ type: 'RegisterOAuthClient' as const, clientId, owner, name: 'Till', redirect, secretHash: hash, now });

  it('registers a client with an https redirect (or http to this machine), nothing else', () => {
    clients([]).when(register('https://till.example/cb')).then([registered]);
    clients([]).when(register('http://localhost:8080/cb')).then([{ ...registered, data: { ...(registered.data as object), redirect: 'http://localhost:8080/cb' } } as ApiAccessEvent]);
    clients([]).when(register('http://till.example/cb')).thenFails(/^redirect: /, 'invalid');
    clients([]).when(register('https://till.example/cb', diner)).thenFails(API_ACCESS_TEXTS.customersHaveNone, 'forbidden');
    expect(['https://a.example/#x', 'https://user:pw@a.example/', 'nonsense', 'ftp://a.example/'].map(redirectProblem).every((problem) => problem !== null)).toBe(true);
  });

  it('only its owner or an admin changes or deletes it; a deleted one stays deleted', () => {
    const change = (by: typeof cook | typeof porter) => ({ type: 'ChangeOAuthClient' as const, clientId, by, name: 'Front', redirect: 'https://till.example/cb', now });
    const remove = (by: typeof cook | typeof porter | typeof admin) => ({ type: 'DeleteOAuthClient' as const, clientId, by, now });
    const deleted: ApiAccessEvent = { type: 'OAuthClientDeleted', data: { clientId, deletedAt: now, deletedBy: admin.id } };
    clients([registered]).when(change(cook)).then([{ type: 'OAuthClientChanged', data: { clientId, name: 'Front', redirect: 'https://till.example/cb', changedAt: now } }]);
    clients([registered]).when(change(porter)).thenFails(API_ACCESS_TEXTS.noSuchClient, 'not_found');
    clients([registered]).when(remove(porter)).thenFails(API_ACCESS_TEXTS.noSuchClient, 'not_found');
    clients([registered]).when(remove(admin)).then([deleted]);
    clients([registered, deleted]).when(remove(cook)).then([]);
    clients([registered, deleted]).when(change(cook)).thenFails(API_ACCESS_TEXTS.noSuchClient, 'not_found');
  });
});
