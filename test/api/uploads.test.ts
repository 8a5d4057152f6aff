import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { createUserRepository } from '../../src/identity/users';
import { UPLOAD_LIMITS } from '../../src/uploads';
import { startTestServer, type TestServer } from '../support/server';
import { cookieHeader, sameOrigin } from './http';

/** A PNG whose header declares `width`×`height` but which holds almost nothing: what a decompression bomb looks like before decoding. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  const rows = zlib.deflateSync(Buffer.alloc((width + 1) * 16));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

const HIDDEN = 'HIDDEN-PAYLOAD-after-the-image';

describe('photo uploads', () => {
  let server: TestServer;
  let manager: string;
  let staff: string;
  let jpeg: Buffer;
  let png: Buffer;
  const uploadsFolder = () => path.join(server.shop.config.dataDir, 'uploads');
  const stored = () => (fs.existsSync(uploadsFolder()) ? fs.readdirSync(uploadsFolder()).sort() : []);

  const login = async (email: string, password: string) =>
    cookieHeader(await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send({ email, password }).expect(200));

  const upload = (file: Buffer, options: { cookie?: string; filename?: string; contentType?: string; size?: string } = {}) => {
    const call = request(server.baseUrl)
      .post('/api/uploadImage')
      .set(sameOrigin(server))
      .set('Cookie', options.cookie ?? manager);
    if (options.size !== undefined) call.field('size', options.size);
    return call.attach('file', file, { filename: options.filename ?? 'photo.jpg', contentType: options.contentType ?? 'image/jpeg' });
  };

  beforeAll(async () => {
    server = await startTestServer();
    const users = createUserRepository(server.shop.pool);
    await users.create({ email: 'boss@test.example', password: 'boss long password', role: 'manager' });
    await users.create({ email: 'cook@test.example', password: 'cook long password', role: 'staff' });
    manager = await login('boss@test.example', 'boss long password');
    staff = await login('cook@test.example', 'cook long password');
    // A photo as a phone takes it: camera metadata, and (as a hiding place) bytes appended after the picture.
    const picture = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 80, b: 20 } } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-CAMERA-OWNER', Make: 'PhoneCo' } })
      .toBuffer();
    jpeg = Buffer.concat([picture, Buffer.from(HIDDEN)]);
    png = await sharp({ create: { width: 500, height: 400, channels: 4, background: { r: 0, g: 120, b: 0, alpha: 0.5 } } }).png().toBuffer();
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('answers the uploads folder (staff spec §7)', async () => {
    const answer = await request(server.baseUrl).get('/api/uploadsFolder').expect(200);
    expect(answer.body).toEqual({ status: true, uploadsFolder: '/uploads' });
  });

  it('re-encodes a JPEG into WebP at each srcset width, without its metadata or hidden bytes', async () => {
    const answer = await upload(jpeg, { size: String(jpeg.length) });
    expect(answer.status).toBe(200);
    const name = (width: number) => expect.stringMatching(new RegExp(`^/uploads/[0-9a-f]{32}-${width}\\.webp$`));
    expect(answer.body).toEqual({
      status: true,
      error: false,
      message: '',
      filelink: name(1280),
      width: 1280,
      height: 960,
      srcset: expect.any(String),
      versions: [
        { url: name(320), width: 320, height: 240 },
        { url: name(640), width: 640, height: 480 },
        { url: name(1280), width: 1280, height: 960 },
      ],
    });
    expect(answer.body.srcset).toBe(answer.body.versions.map((version: { url: string; width: number }) => `${version.url} ${version.width}w`).join(', '));
    expect(stored()).toEqual(answer.body.versions.map((version: { url: string }) => path.basename(version.url)).sort());

    for (const version of answer.body.versions as Array<{ url: string; width: number; height: number }>) {
      const served = await request(server.baseUrl).get(version.url).buffer(true).parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('max-age=31536000,immutable');
      const body = served.body as Buffer;
      const metadata = await sharp(body).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height, exif: metadata.exif }).toEqual({
        format: 'webp',
        width: version.width,
        height: version.height,
        exif: undefined,
      });
      expect(body.includes('SECRET-CAMERA-OWNER')).toBe(false);
      expect(body.includes(HIDDEN)).toBe(false);
    }
  });

  it('stores the same photo uploaded twice once, under the same links', async () => {
    const first = await upload(jpeg).expect(200);
    const before = stored();
    const again = await upload(jpeg).expect(200);
    expect(again.body.versions).toEqual(first.body.versions);
    expect(stored()).toEqual(before);
  });

  it('keeps a PNG transparent and never enlarges a small photo', async () => {
    const answer = await upload(png, { filename: 'dish.png', contentType: 'image/png' }).expect(200);
    expect(answer.body.versions.map((version: { width: number; height: number }) => [version.width, version.height])).toEqual([
      [320, 256],
      [500, 400],
    ]);
    const largest = await sharp(path.join(uploadsFolder(), path.basename(answer.body.filelink))).metadata();
    expect({ format: largest.format, hasAlpha: largest.hasAlpha }).toEqual({ format: 'webp', hasAlpha: true });
  });

  describe('refuses, storing nothing', () => {
    /** The answer must be the spec's refusal, and the uploads folder exactly as it was. */
    const expectRefused = async (call: PromiseLike<request.Response>, status: number, message: string | RegExp) => {
      const before = stored();
      const answer = await call;
      expect({ status: answer.status, body: answer.body }).toEqual({
        status,
        body: { status: false, error: true, message: expect.stringMatching(message), filelink: '' },
      });
      expect(stored()).toEqual(before);
    };

    it('a renamed executable', async () => {
      const executable = fs.readFileSync(process.execPath).subarray(0, 256 * 1024);
      await expectRefused(upload(executable, { filename: 'dish.jpg' }), 415, /^This file is not a photo we can read/);
    });

    it('an image in a format it does not take (SVG, which can carry script)', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
      await expectRefused(upload(svg, { filename: 'dish.png', contentType: 'image/png' }), 415, /^SVG files are not accepted/);
    });

    it('a file one byte over 5 MiB, and a much bigger one before reading it', async () => {
      const over = Buffer.concat([jpeg, Buffer.alloc(UPLOAD_LIMITS.maxBytes + 1 - jpeg.length)]);
      await expectRefused(upload(over), 413, /^The photo is larger than 5 MiB/);
      await expectRefused(upload(Buffer.alloc(7 * 1024 * 1024)), 413, /^The photo is larger than 5 MiB/);
    });

    it('a decompression bomb, from its header before decoding it', async () => {
      const bomb = pngDeclaring(20_000, 20_000);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      await expectRefused(upload(bomb, { filename: 'dish.png', contentType: 'image/png' }), 413, /^The image is more than 40 megapixels/);
    });

    it('a damaged photo that only looks right in its header', async () => {
      await expectRefused(upload(jpeg.subarray(0, 2000)), 400, /damaged or incomplete/);
    });

    it('a form without a file, with two files, or with a size that is no number', async () => {
      const noFile = request(server.baseUrl).post('/api/uploadImage').set(sameOrigin(server)).set('Cookie', manager).field('size', '10');
      await expectRefused(noFile, 400, /^Choose a photo to upload/);
      await expectRefused(upload(png).attach('file', png, 'second.png'), 400, /^The upload form is not what we expect/);
      await expectRefused(upload(png, { size: 'lots' }), 400, /^size: must be a number of bytes/);
    });

    it('a JSON body', async () => {
      await expectRefused(request(server.baseUrl).post('/api/uploadImage').set(sameOrigin(server)).set('Cookie', manager).send({ file: 'x' }), 400, /multipart/);
    });

    it('anyone but a manager, and a cross-site upload', async () => {
      const before = stored();
      const anonymous = await upload(png, { cookie: '' });
      expect({ status: anonymous.status, body: anonymous.body }).toEqual({ status: 401, body: { status: false, message: 'Please log in' } });
      const cook = await upload(png, { cookie: staff });
      expect(cook.status).toBe(403);
      const crossSite = await request(server.baseUrl)
        .post('/api/uploadImage')
        .set({ Origin: 'https://evil.example', 'X-Requested-With': 'fetch', Cookie: manager })
        .attach('file', png, 'dish.png');
      expect({ status: crossSite.status, body: crossSite.body }).toEqual({ status: 403, body: { status: false, message: 'Cross-site request refused' } });
      expect(stored()).toEqual(before);
    });
  });

  describe('the media library (issue 39 item 4)', () => {
    let admin: string;
    let customer: string;
    const media = (cookie: string) => ({
      list: (search?: string) => request(server.baseUrl).get('/api/media').query(search === undefined ? {} : { search }).set('Cookie', cookie),
      upload: (file: Buffer, filename: string, size = String(file.length)) =>
        request(server.baseUrl).post('/api/media').set(sameOrigin(server)).set('Cookie', cookie).field('size', size).attach('file', file, { filename, contentType: 'image/png' }),
      alt: (id: string, body: object) => request(server.baseUrl).patch(`/api/media/${id}`).set(sameOrigin(server)).set('Cookie', cookie).send(body),
      remove: (id: string) => request(server.baseUrl).delete(`/api/media/${id}`).set(sameOrigin(server)).set('Cookie', cookie),
    });
    const mediaEvents = async () => (await server.shop.store.readAll({ limit: 100_000 })).filter((event) => event.type.startsWith('Media')).length;
    const picture = (r: number) => sharp({ create: { width: 700, height: 350, channels: 3, background: { r, g: 40, b: 90 } } }).png().toBuffer();

    beforeAll(async () => {
      admin = await login(server.admin.email, server.admin.password);
      await createUserRepository(server.shop.pool).create({ email: 'diner@test.example', password: 'diner long password', role: 'customer' });
      customer = await login('diner@test.example', 'diner long password');
    });

    it('adds an upload with its widths, searches by name in any case, keeps alt text, and answers snowflakes', async () => {
      const added = await media(admin).upload(await picture(1), 'Garden Terrace.png').expect(200);
      const id = added.body.id as string;
      expect(added.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        name: 'Garden Terrace',
        alt: '',
        url: `/uploads/${id}-700.webp`,
        widths: [{ width: 320, height: 160 }, { width: 640, height: 320 }, { width: 700, height: 350 }],
        uses: 0,
      });
      // The same picture again is the same image; the pipeline's files are the ones served.
      expect((await media(admin).upload(await picture(1), 'again.png').expect(200)).body).toEqual(added.body);
      await request(server.baseUrl).get(added.body.url).expect(200).expect('content-type', 'image/webp');
      await media(admin).upload(await picture(2), 'snowflake-large.png').expect(200);

      expect((await media(admin).list('terrACE').expect(200)).body.map((image: { name: string }) => image.name)).toEqual(['Garden Terrace']);
      expect((await media(admin).list('%').expect(200)).body).toEqual([]);
      expect((await media(admin).list().expect(200)).body).toHaveLength(2);

      const described = await media(admin).alt(id, { alt: '  Tables under the vine  ' }).expect(200);
      expect(described.body).toMatchObject({ id, alt: 'Tables under the vine' });
      expect((await media(admin).alt(id, { alt: ' ' })).body).toEqual({ status: false, message: 'alt: describe the image' });

      const snow = await request(server.baseUrl).get('/snowflakeImages').expect(200);
      expect(snow.body).toEqual({ status: true, images: [expect.stringMatching(/^\/uploads\/[0-9a-f]{32}-320\.webp$/)] });
    });

    it('refuses what is not an image, too large or too many pixels in plain sentences, adding nothing', async () => {
      const before = { library: (await media(admin).list().expect(200)).body, events: await mediaEvents() };
      const refused = async (call: PromiseLike<request.Response>, status: number, message: RegExp) => {
        const answer = await call;
        expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { status: false, error: true, message: expect.stringMatching(message), filelink: '' } });
      };
      await refused(media(admin).upload(Buffer.from('MZ this is a program, not a picture'), 'holiday.png'), 415, /^This file is not a photo we can read/);
      await refused(media(admin).upload(Buffer.alloc(UPLOAD_LIMITS.maxBytes + 1), 'huge.png'), 413, /^The photo is larger than 5 MiB/);
      await refused(media(admin).upload(pngDeclaring(20_000, 20_000), 'bomb.png'), 413, /^The image is more than 40 megapixels/);
      await refused(media(admin).upload(await picture(3), 'x.png', 'lots'), 400, /^size: must be a number of bytes/);
      await refused(media(admin).upload(await picture(3), 'Sam\u202Ehtims.png'), 400, /^The file's name must not contain text-direction characters/);
      expect({ library: (await media(admin).list().expect(200)).body, events: await mediaEvents() }).toEqual(before);
    });

    it('is for admins only: a customer, staff or a manager is refused and nothing changes', async () => {
      const [image] = (await media(admin).list('terrace').expect(200)).body;
      const before = { library: (await media(admin).list().expect(200)).body, events: await mediaEvents(), files: stored() };
      for (const cookie of [customer, staff, manager]) {
        const calls = [media(cookie).list(), media(cookie).upload(await picture(4), 'mine.png'), media(cookie).alt(image.id, { alt: 'Mine' }), media(cookie).remove(image.id)];
        for (const answer of await Promise.all(calls)) expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 403, message: 'You are not allowed to do that' });
      }
      expect((await request(server.baseUrl).get('/api/media')).status).toBe(401);
      expect({ library: (await media(admin).list().expect(200)).body, events: await mediaEvents(), files: stored() }).toEqual(before);
    });

    it('refuses to delete an image while a dish shows it, saying why; deletes it once free', async () => {
      const [image] = (await media(admin).list('terrace').expect(200)).body;
      const post = (path: string, body: object) => request(server.baseUrl).post(path).set(sameOrigin(server)).set('Cookie', manager).send(body);
      const dish = { category_id: 1, name: 'Vine Platter', short_desc: 'To share', description: 'Olives', price: 900, image: image.url, virtual: false, vat_rate: 'standard', allergens: [], vegetarian: true, vegan: false, spice: 0 };
      const dishId = (await post('/api/catalogue/dishes', dish).expect(200)).body.id as number;
      const used = (await media(admin).list('terrace').expect(200)).body[0];
      expect(used).toEqual({ ...image, uses: 1 });
      const events = await mediaEvents();

      const refused = await media(admin).remove(image.id);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 409,
        body: { status: false, message: 'This image cannot be deleted while it is used by 1 dish; take it off it first' },
      });
      expect({ image: (await media(admin).list('terrace').expect(200)).body[0], events: await mediaEvents() }).toEqual({ image: used, events });

      await post(`/api/catalogue/dishes/${dishId}/archive`, {}).expect(200);
      expect((await media(admin).remove(image.id).expect(200)).body).toEqual({ status: true, message: 'Image deleted' });
      expect((await media(admin).list('terrace').expect(200)).body).toEqual([]);
      expect((await media(admin).remove(image.id)).status).toBe(404);
      expect((await media(admin).alt('not-an-id', { alt: 'x' })).body).toEqual({ status: false, message: 'id: not an image of the library' });
    });
  });

  it('serves only stored names, and nothing else from the data folder', async () => {
    for (const url of ['/uploads/0123456789abcdef0123456789abcdef-320.webp', '/uploads/..%2Fsession-keys', '/uploads/.hidden.tmp']) {
      const answer = await request(server.baseUrl).get(url);
      expect({ url, status: answer.status }).toEqual({ url, status: 404 });
      expect(answer.text).not.toContain(server.shop.config.dataDir);
    }
  });
});
