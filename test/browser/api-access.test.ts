import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { createUserRepository } from '../../src/identity/users';
import { API_ACCESS_TEXTS } from '../../src/shared/api-scopes';
import { startTestServer, type TestServer } from '../support/server';
import { expectAccessible } from './accessibility';
import { launchBrowser, type BrowserSession } from './browser';
import { answerTo, eveningClock, logIn } from './shop-steps';

const COOK = { email: 'cook@example.com', password: 'cook long password' };

/** Issue 41: the personal access tokens and OAuth clients screens (staff spec §2, §4, §8) for a member of staff. */
describe('API access in the browser', () => {
  let server: TestServer;
  let staff: BrowserSession;

  beforeAll(async () => {
    server = await startTestServer({ withWeb: true, clock: eveningClock() });
    await createUserRepository(server.shop.pool).create({ ...COOK, role: 'staff' });
    staff = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await staff?.close();
    await server?.stop();
  });

  it('a cook makes a token, sees it once, uses it on the API, deletes it; registers a client, authorizes it, revokes it; errors are listed', async () => {
    const page = staff.page;
    await logIn(page, server.baseUrl, COOK);
    await page.getByRole('link', { name: 'API', exact: true }).click();
    const tokens = page.getByTestId('personal-access-tokens');
    await tokens.getByText(API_ACCESS_TEXTS.noTokens).waitFor();

    // A refused name: the server's errors as a list under the spec's heading; the modal stays open.
    await tokens.getByRole('button', { name: 'Create New Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Token' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    const errors = dialog.getByTestId('api-errors');
    await errors.getByText(API_ACCESS_TEXTS.whoops).waitFor();
    expect(await errors.getByRole('listitem').allTextContents()).toEqual(['name: The name field is required.']);

    // An answer that is not an object: the one sentence.
    await page.route('**/oauth/personal-access-tokens', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }) : route.fallback()));
    await dialog.getByLabel('Name', { exact: true }).fill('Till');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await errors.getByText(API_ACCESS_TEXTS.failed).waitFor();
    await page.unroute('**/oauth/personal-access-tokens');

    // Made: the create modal closes, the token is shown once, and it opens the API with its scope.
    await dialog.getByLabel(/^menu:read: /).check();
    const [made] = await Promise.all([answerTo(page, '/oauth/personal-access-tokens'), dialog.getByRole('button', { name: 'Create' }).click()]);
    expect(made.status()).toBe(200);
    const shown = page.getByRole('dialog', { name: 'Personal Access Token' });
    await shown.getByText(API_ACCESS_TEXTS.shownOnce).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const accessToken = await shown.getByTestId('new-access-token').inputValue();
    expect(accessToken).toMatch(/^tks_pat_/);
    await shown.getByRole('button', { name: 'Close' }).last().click();
    await shown.waitFor({ state: 'detached' });
    const row = tokens.getByRole('row', { name: /Till/ });
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Till', 'menu:read', 'Never', 'Delete']);
    expect(await page.content()).not.toContain(accessToken);
    // The list with a token, in a fresh page of the same session.
    await expectAccessible(page, 'personal-access-tokens');

    await request(server.baseUrl).get('/api/v1/menu').set('Authorization', `Bearer ${accessToken}`).expect(200);
    await page.reload();
    await tokens.getByRole('row', { name: /Till/ }).getByText(/^\d{2}\/\d{2}\/\d{4}/).waitFor();

    // Deleted: the list is empty again and the token opens nothing.
    await Promise.all([answerTo(page, '/oauth/personal-access-tokens'), tokens.getByRole('button', { name: 'Delete Till' }).click()]);
    await tokens.getByText(API_ACCESS_TEXTS.noTokens).waitFor();
    await request(server.baseUrl).get('/api/v1/menu').set('Authorization', `Bearer ${accessToken}`).expect(401);

    // OAuth clients: the empty state, a refused redirect listed, the secret shown once then masked.
    const clients = page.getByTestId('oauth-clients');
    await clients.getByText(API_ACCESS_TEXTS.noClients).waitFor();
    await clients.getByRole('button', { name: 'Create New Client' }).click();
    const form = page.getByRole('dialog', { name: 'Create Client' });
    await form.getByLabel('Name', { exact: true }).fill('Till');
    await form.getByLabel('Redirect URL').fill('http://till.example/cb');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByTestId('api-errors').getByText(API_ACCESS_TEXTS.whoops).waitFor();
    expect(await form.getByTestId('api-errors').getByRole('listitem').allTextContents()).toEqual(['redirect: The redirect must be an https address (or http on localhost).']);
    await form.getByLabel('Redirect URL').fill('https://till.example/cb');
    await form.getByRole('button', { name: 'Create' }).click();
    const secret = page.getByRole('dialog', { name: 'Client Secret' });
    const secretText = await secret.getByTestId('new-client-secret').inputValue();
    expect(secretText).toMatch(/^tks_cs_/);
    await form.waitFor({ state: 'detached' });
    await secret.getByRole('button', { name: 'Close' }).last().click();
    await secret.waitFor({ state: 'detached' });
    const clientRow = clients.getByRole('row', { name: /Till/ });
    const cells = await clientRow.getByRole('cell').allTextContents();
    expect(cells.slice(1, 3)).toEqual(['Till', '••••••••']);
    expect(await page.content()).not.toContain(secretText);

    // The consent screen names the application and its scopes; Authorize goes back to the client with a code, whose
    // tokens make the application appear under Authorized Applications until it is revoked there.
    const clientId = cells[0]!.trim();
    const verifier = randomBytes(48).toString('base64url');
    const authorize = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: 'https://till.example/cb', scope: 'menu:read', state: 's1', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' });
    await page.route('https://till.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Till</title>' }));
    // Signed out, the consent screen asks to log in first, and the login comes back to it, request and all.
    const signedOut = await launchBrowser();
    try {
      await signedOut.page.goto(`${server.baseUrl}/oauth/authorize?${authorize}`);
      await signedOut.page.getByRole('link', { name: 'log in' }).click();
      await signedOut.page.getByLabel('Email').fill(COOK.email);
      await signedOut.page.getByLabel('Password').fill(COOK.password);
      await signedOut.page.getByRole('button', { name: 'Login' }).click();
      await signedOut.page.getByTestId('authorize-application').getByText('is requesting permission to access your account.').waitFor();
      expect(signedOut.page.url()).toBe(`${server.baseUrl}/oauth/authorize?${authorize}`);
    } finally {
      await signedOut.close();
    }
    await page.goto(`${server.baseUrl}/oauth/authorize?${authorize}`);
    const consent = page.getByTestId('authorize-application');
    await consent.getByText('is requesting permission to access your account.').waitFor();
    expect(await consent.getByRole('listitem').allTextContents()).toEqual(['Read the menu, with stock']);
    await expectAccessible(page, 'authorize-application');
    await Promise.all([page.waitForURL(/^https:\/\/till\.example\/cb\?code=/), consent.getByRole('button', { name: 'Authorize' }).click()]);
    const code = new URL(page.url()).searchParams.get('code')!;
    await request(server.baseUrl).post('/oauth/token').type('form').send({ grant_type: 'authorization_code', code, redirect_uri: 'https://till.example/cb', code_verifier: verifier, client_id: clientId, client_secret: secretText }).expect(200);
    await page.goto(`${server.baseUrl}/takeaway-api`);
    const applications = page.getByTestId('authorized-applications');
    await applications.getByRole('row', { name: /Till/ }).waitFor();
    expect(await applications.getByRole('row', { name: /Till/ }).getByRole('cell').allTextContents()).toEqual(['Till', 'menu:read', 'Revoke']);
    await applications.getByRole('button', { name: 'Revoke Till' }).click();
    await applications.waitFor({ state: 'detached' });

    // Edited (the modal filled in, the list refreshed), then deleted: the empty state again.
    await clients.getByRole('button', { name: 'Edit Till' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Client' });
    expect(await edit.getByLabel('Redirect URL').inputValue()).toBe('https://till.example/cb');
    await edit.getByLabel('Name', { exact: true }).fill('Front till');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await clients.getByRole('button', { name: 'Delete Front till' }).click();
    await clients.getByText(API_ACCESS_TEXTS.noClients).waitFor();
  });
});
