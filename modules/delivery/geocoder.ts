import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { Location } from './distance';
import { outwardCode } from '../../src/shared/postcode';

/** Finds where a (valid, canonical) postcode is; null when it is unknown. */
export interface Geocoder {
  locate(postcode: string): Promise<Location | null>;
}

export class GeocoderUnavailable extends Error {
  override name = 'GeocoderUnavailable';
}

/**
 * Offline lookup in Postgres, loaded by `npm run postcodes:import -- <csv>`: whole postcodes first, then the
 * centroid of the outward code, so a new street in a known district still gets a distance.
 */
export function tableGeocoder(pool: DatabasePool): Geocoder {
  return {
    async locate(postcode) {
      const row = await pool.maybeOne(sql.unsafe`
        select latitude, longitude from postcode_locations where postcode = ${postcode}
        union all
        select avg(latitude), avg(longitude) from postcode_locations where outward = ${outwardCode(postcode)}
        having count(*) > 0
        limit 1`);
      const location = row as { latitude: number | string; longitude: number | string } | null;
      return location ? { latitude: Number(location.latitude), longitude: Number(location.longitude) } : null;
    },
  };
}

/** A postcodes.io-compatible service: GET {base}/postcodes/{postcode} → { result: { latitude, longitude } }. */
export function httpGeocoder(baseUrl: string, options: { timeoutMs?: number } = {}): Geocoder {
  return {
    async locate(postcode) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl.replace(/\/$/, '')}/postcodes/${encodeURIComponent(postcode)}`, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
        });
      } catch (error) {
        throw new GeocoderUnavailable(`The postcode service did not answer: ${(error as Error).message}`);
      }
      if (response.status === 404) return null;
      if (!response.ok) throw new GeocoderUnavailable(`The postcode service answered ${response.status}`);
      const body = (await response.json()) as { result?: { latitude?: unknown; longitude?: unknown } | null };
      const { latitude, longitude } = body.result ?? {};
      return typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;
    },
  };
}
