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

  it('a cook makes a token, sees it once, uses it on the API, and deletes it; then a client, its secret once; errors are listed', async () => {
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
  });
});
