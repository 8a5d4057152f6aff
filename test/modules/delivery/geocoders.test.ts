import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { GeocoderUnavailable, httpGeocoder, tableGeocoder } from '../../../modules/delivery/geocoder';
import { importPostcodes } from '../../../src/cli/import-postcodes';
import { suiteDatabase } from '../../support/database';

describe('table geocoder and the postcode import', () => {
  const { pool } = suiteDatabase();

  it('imports a CSV, skipping invalid rows, and finds whole postcodes', async () => {
    const result = await importPostcodes(pool, path.join(__dirname, '..', '..', 'fixtures', 'postcodes.csv'));
    expect(result).toEqual({ imported: 5, skipped: 0 });
    expect(await tableGeocoder(pool).locate('SW1A 1AA')).toEqual({ latitude: 51.501009, longitude: -0.141588 });
    expect(await tableGeocoder(pool).locate('LS6 9ZZ')).toEqual({ latitude: 53.83, longitude: -1.58 });
  });

  it('falls back to the centroid of the outward code, and knows nothing of other districts', async () => {
    const centroid = await tableGeocoder(pool).locate('SW1A 9ZZ');
    expect(centroid!.latitude).toBeCloseTo((51.501009 + 51.503396) / 2, 6);
    expect(await tableGeocoder(pool).locate('ZE1 0AA')).toBeNull();
  });
});

describe('postcodes.io-compatible HTTP geocoder against a local fake', () => {
  let server: http.Server;
  let baseUrl: string;
  const requests: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(req.url!);
      if (req.url === '/postcodes/LS6%202AA') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 200, result: { latitude: 53.822, longitude: -1.571 } }));
      } else if (req.url === '/postcodes/BR0%200KE') {
        res.writeHead(500).end('boom');
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 404, error: 'Postcode not found' }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the location, null for an unknown postcode, and unavailable when the service fails', async () => {
    const geocoder = httpGeocoder(baseUrl);
    expect(await geocoder.locate('LS6 2AA')).toEqual({ latitude: 53.822, longitude: -1.571 });
    expect(await geocoder.locate('ZE1 0AA')).toBeNull();
    await expect(geocoder.locate('BR0 0KE')).rejects.toBeInstanceOf(GeocoderUnavailable);
    await expect(httpGeocoder('http://127.0.0.1:9').locate('LS6 2AA')).rejects.toBeInstanceOf(GeocoderUnavailable);
    expect(requests).toContain('/postcodes/LS6%202AA');
  });
});
