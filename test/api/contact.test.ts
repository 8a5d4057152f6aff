import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'slonik';
import request from 'supertest';
import { CONTACT_TEXTS } from '../../src/shared/contact-form';
import { createUserRepository } from '../../src/identity/users';
import { startFakeSmtp } from '../support/fake-smtp';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';
import { until } from '../support/until';
import { shopper } from './shopper';

/** Issue 34: `POST /send_contact` (customer spec §3, §5, §7, §8) and the staff inbox behind it. */
describe('the contact form', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  const clock = testClock('2026-11-29T12:00:00.000Z');
  let addresses = 0;
  /** A client address of its own for each test (the shop trusts one proxy hop here), so the limits per address start afresh. */
  const newAddress = () => `198.51.100.${++addresses}`;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startTestServer({ clock, env: { SMTP_URL: smtp.url, TRUSTED_PROXY_HOPS: '1', MAIL_FROM: 'shop@spice.example' } });
    await createUserRepository(server.shop.pool).create({ email: 'boss@example.com', password: 'boss long password', role: 'manager' });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const headers = (address: string) => ({ 'X-Requested-With': 'fetch', Origin: server.baseUrl, 'X-Forwarded-For': address });

  async function solve(address: string): Promise<string> {
    const challenge = (await request(server.baseUrl).get('/api/human-check').set('X-Forwarded-For', address).expect(200)).body as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  let visitors = 0;
  /** A message from a new visitor's address each time (the limit per email address counts them apart). */
  const message = (overrides: Record<string, unknown> = {}) => ({
    name: 'Ada Lovelace',
    email: `ada${++visitors}@example.co.uk`,
    message: 'Do you cater for parties of twenty?\nThank you',
    phoneNo: false,
    subject: false,
    ...overrides,
  });

  async function send(body: Record<string, unknown>, address = newAddress()) {
    const token = 'g_recaptcha_token' in body ? {} : { g_recaptcha_token: await solve(address) };
    return request(server.baseUrl).post('/send_contact').set(headers(address)).send({ ...body, ...token });
  }

  async function sent(body: Record<string, unknown>, address?: string) {
    const response = await send(body, address);
    expect(response.body).toEqual({ status: true, message: CONTACT_TEXTS.sent });
    return response;
  }

  const settle = async () => {
    await server.shop.services.readModels.waitFor('contact_messages', await server.shop.store.lastCommittedPosition());
    await server.shop.mailSettled();
  };

  /** What a refused message must leave unchanged: the events, the inbox, the outbox. */
  const recorded = async () => {
    await settle();
    return (await server.shop.pool.one(sql.unsafe`
      select (select count(*)::int from es_events where stream_name like 'contact-%') as events,
             (select count(*)::int from contact_messages) as inbox,
             (select count(*)::int from mail_outbox where kind = 'contact-message') as mails`)) as { events: number; inbox: number; mails: number };
  };

  async function expectRefused(answer: request.Response | Promise<request.Response>, status: number, before: Awaited<ReturnType<typeof recorded>>) {
    const response = await answer;
    expect({ status: response.status, body: response.body }).toEqual({ status, body: { status: false, message: CONTACT_TEXTS.failed } });
    expect(await recorded()).toEqual(before);
  }

  async function staff() {
    const agent = shopper(server);
    await agent.post('/api/login', { email: server.admin.email, password: server.admin.password }).expect(200);
    return agent;
  }

  it("records the message, mails every manager with the visitor as Reply-To, and answers the spec's text", async () => {
    const earlier = smtp.received.length;
    const answer = await sent(message({ name: 'Grace Hopper', email: 'grace.h@example.com' }));
    expect(answer.body.message).toBe('Your message has been sent - Thank you');
    await settle();
    const mails = smtp.received.slice(earlier);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['<admin@test.example>', '<boss@example.com>']);
    for (const mail of mails) {
      expect(mail.data).toMatch(/^Reply-To: grace\.h@example\.com$/m);
      expect(mail.data).toMatch(/^From: shop@spice\.example$/m);
      expect(mail.data).toMatch(/^Subject: Contact form: a message from Grace Hopper$/m);
      expect(mail.data.replace(/=\n/g, '')).toContain('Do you cater for parties of twenty?'); // quoted-printable's soft breaks undone
    }
    // Sealed: nothing the visitor typed is in the stored event.
    const stored = await server.shop.pool.anyFirst<string>(sql.unsafe`select data::text from es_events where stream_name like 'contact-%'`);
    expect(stored.join()).not.toMatch(/Grace|grace\.h|parties/);
  });

  it('mails the contact address instead once a manager sets it, and the setting refuses a line break', async () => {
    const manager = await staff();
    const refused = await manager.post('/api/settings/update', { settings: { contact_email: 'inbox@spice.example\r\nBcc: x@evil.example' } });
    expect(refused.status).toBe(400);
    await manager.post('/api/settings/update', { settings: { contact_email: 'inbox@spice.example' } }).expect(200);
    // Customers cannot read it.
    await shopper(server).post('/api/settings', { keys: ['contact_email'] }).expect(403);
    expect((await manager.post('/api/settings', { keys: ['contact_email'] }).expect(200)).body.values).toEqual({ contact_email: 'inbox@spice.example' });
    const earlier = smtp.received.length;
    await sent(message({ email: 'linus@example.org' }));
    await settle();
    expect(smtp.received.slice(earlier).map((mail) => mail.to)).toEqual([['<inbox@spice.example>']]);
    await manager.post('/api/settings/update', { settings: { contact_email: '' } }).expect(200);
  });

  it('lists the messages newest first for staff, marks one handled with who and when, and counts those waiting live', async () => {
    const manager = await staff();
    clock.advanceMinutes(1);
    await sent(message({ name: 'First Visitor', email: 'first@example.com' }));
    clock.advanceMinutes(1);
    await sent(message({ name: 'Second Visitor', email: 'second@example.com' }));
    await until(async () => (await manager.get('/api/staff/contact-messages').expect(200)).body.messages[0]?.name === 'Second Visitor', 'the inbox');
    type Inbox = { messages: Array<{ messageId: string; name: string; handledAt: string | null; handledBy: string | null }>; unhandled: number };
    const { messages, unhandled } = (await manager.get('/api/staff/contact-messages').expect(200)).body as Inbox;
    expect(messages.slice(0, 2).map((one) => one.name)).toEqual(['Second Visitor', 'First Visitor']);
    expect(unhandled).toBe(messages.length);
    await manager.post(`/api/staff/contact-messages/${messages[1].messageId}/handled`).expect(200);
    const after = (await manager.get('/api/staff/contact-messages').expect(200)).body as Inbox;
    expect(after.unhandled).toBe(unhandled - 1);
    expect(after.messages[1]).toMatchObject({ name: 'First Visitor', handledAt: clock().toISOString(), handledBy: server.admin.email });
    // The staff screens are told how many wait, on their private channel.
    const live = await server.shop.pool.anyFirst<string>(sql.unsafe`select data::text from live_messages where event = 'ContactInbox' order by id desc limit 1`);
    expect(JSON.parse(live[0])).toEqual({ unhandled: unhandled - 1 });
    // A customer sees none of it; an unknown message is a plain 404.
    await shopper(server).get('/api/staff/contact-messages').expect(401);
    await manager.post('/api/staff/contact-messages/00000000-0000-4000-8000-000000000000/handled').expect(404);
  });

  describe('refuses, recording and mailing nothing', () => {
    it('a missing, empty, forged, reused or expired human-check answer', async () => {
      let before = await recorded();
      await expectRefused(request(server.baseUrl).post('/send_contact').set(headers(newAddress())).send(message()), 400, before);
      await expectRefused(send(message({ g_recaptcha_token: '' })), 403, before);
      await expectRefused(send(message({ g_recaptcha_token: 'bm90IGEgcGF5bG9hZA==' })), 403, before);
      const address = newAddress();
      const forged = JSON.parse(Buffer.from(await solve(address), 'base64').toString());
      forged.solution.derivedKey = forged.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
      await expectRefused(send(message({ g_recaptcha_token: Buffer.from(JSON.stringify(forged)).toString('base64') }), address), 403, before);

      const token = await solve(address);
      await request(server.baseUrl).post('/send_contact').set(headers(address)).send(message({ g_recaptcha_token: token })).expect(200);
      await settle();
      before = await recorded();
      await expectRefused(request(server.baseUrl).post('/send_contact').set(headers(newAddress())).send(message({ g_recaptcha_token: token })), 403, before);

      const old = await solve(address);
      clock.advanceMinutes(11); // a challenge lives 10 minutes
      await expectRefused(send(message({ g_recaptcha_token: old }), address), 403, before);
    });

    it('CR, LF, NUL or a right-to-left override in any field', async () => {
      const manager = await staff();
      await manager.post('/api/settings/update', { settings: { contact_shows_phone: true, contact_shows_subject: true } }).expect(200);
      const good = message({ phoneNo: '0113 496 0000', subject: 'A party' });
      const before = await recorded();
      for (const field of ['name', 'email', 'phoneNo', 'subject']) {
        for (const bad of ['\r', '\n', '\r\nBcc: x@evil.example', '\u0000', '\u202E']) {
          const value = field === 'email' ? `ada${bad}@example.com` : `A ${bad}party`;
          await expectRefused(send({ ...good, [field]: value }), 400, before);
        }
      }
      // The message is the mail's body, over several lines; a lone CR, NUL or a direction override is refused.
      for (const bad of ['\r', '\u0000', '\u202E', '\u2066']) await expectRefused(send({ ...good, message: `Hello ${bad}there` }), 400, before);
      await sent({ ...good, message: 'Hello\r\nthere' });
      await manager.post('/api/settings/update', { settings: { contact_shows_phone: false, contact_shows_subject: false } }).expect(200);
    });

    it("a missing field, an email the spec's pattern refuses, or a phone and subject the site asks for", async () => {
      const before = await recorded();
      await expectRefused(send({ email: 'ada@example.com', message: 'Hi', phoneNo: false, subject: false }), 400, before);
      await expectRefused(send(message({ name: '   ' })), 400, before);
      await expectRefused(send(message({ message: '' })), 400, before);
      for (const email of ['ada@example.museum', 'ada+shop@example.com', 'ada@localhost', '<b>ada</b>@example.com']) await expectRefused(send(message({ email })), 400, before);
      const manager = await staff();
      await manager.post('/api/settings/update', { settings: { contact_shows_phone: true, contact_shows_subject: true } }).expect(200);
      await expectRefused(send(message({ subject: 'Parties' })), 400, before);
      await expectRefused(send(message({ phoneNo: '0113 496 0000', subject: '' })), 400, before);
      await manager.post('/api/settings/update', { settings: { contact_shows_phone: false, contact_shows_subject: false } }).expect(200);
    });

    it('a flood past the limits, per client address and per email address', async () => {
      await settle();
      const address = newAddress();
      for (let count = 0; count < 10; count++) await sent(message({ email: `flood${count}@example.com` }), address);
      await settle();
      let before = await recorded();
      const refused = await send(message({ email: 'flood-more@example.com' }), address);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      await expectRefused(refused, 429, before);

      for (let count = 0; count < 5; count++) await sent(message({ email: 'same@example.com' }));
      await settle();
      before = await recorded();
      await expectRefused(send(message({ email: 'SAME@example.com' })), 429, before);
    });
  });
});
