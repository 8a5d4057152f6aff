import { sql } from 'slonik';
import { createDeliveryService } from '../../../modules/delivery/service';
import { suiteDatabase } from '../../support/database';
import { settingsFromDatabase } from '../../../projections/settings/queries';

describe('distances from the kitchen', () => {
  const { pool } = suiteDatabase();

  it("locates the kitchen once per kitchen postcode, and again when it was not found or has changed", async () => {
    const asked: string[] = [];
    const known = new Set(['LS6 2AA', 'LS2 9JT', 'LS1 1UR']);
    const geocoder = {
      async locate(postcode: string) {
        asked.push(postcode);
        return known.has(postcode) ? { latitude: 53.8, longitude: -1.55 } : null;
      },
    };
    const setKitchen = (postcode: string) =>
      pool.query(sql.unsafe`
        insert into settings (key, value, changed_at) values ('kitchen_postcode', ${sql.jsonb(postcode)}, now())
        on conflict (key) do update set value = excluded.value`);
    const service = createDeliveryService(settingsFromDatabase(pool), geocoder);

    // The demo kitchen (LS1 4AP) is not in this geocoder: asked each time, never kept.
    await expect(service.distance('LS6 2AA')).rejects.toThrow('Kitchen Postcode missing or invalid');
    await expect(service.distance('LS6 2AA')).rejects.toThrow('Kitchen Postcode missing or invalid');
    expect(asked).toEqual(['LS1 4AP', 'LS1 4AP']);

    asked.length = 0;
    await setKitchen('LS1 1UR');
    await service.distance('LS6 2AA');
    await service.distance('LS2 9JT');
    expect(asked).toEqual(['LS1 1UR', 'LS6 2AA', 'LS2 9JT']);

    asked.length = 0;
    await setKitchen('LS2 9JT');
    await service.distance('LS6 2AA');
    expect(asked).toEqual(['LS2 9JT', 'LS6 2AA']);
  });
});
