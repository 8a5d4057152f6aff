import { SETTINGS } from '../../modules/store/settings';
import { dropSeconds, fallSteps, isSnowDay, snowDensity, snowfallDatesProblems, snowSpeed, SNOW_INCREMENT_PX } from '../../src/shared/snowfall';

describe('the snowfall (customer spec §9)', () => {
  it('maps speeds and densities as the spec does, 50 and 50 when none is chosen', () => {
    expect(['very-slow', 'slow', 'medium', 'heavy', 'snowstorm'].map((speed) => snowSpeed(speed as Parameters<typeof snowSpeed>[0]))).toEqual([10, 25, 50, 75, 90]);
    expect(['light', 'medium', 'heavy'].map((density) => snowDensity(density as Parameters<typeof snowDensity>[0]))).toEqual([75, 150, 225]);
    expect([snowSpeed(undefined), snowDensity(undefined)]).toEqual([50, 50]);
  });

  it('drops in 3 + 10 * (1 - speed / 100) seconds, in steps of 2 px', () => {
    expect(dropSeconds(snowSpeed('very-slow'))).toBeCloseTo(12);
    expect(dropSeconds(snowSpeed('medium'))).toBeCloseTo(8);
    expect(dropSeconds(snowSpeed('snowstorm'))).toBeCloseTo(4);
    expect(dropSeconds(100)).toBe(3);
    expect(SNOW_INCREMENT_PX).toBe(2);
    expect([fallSteps(852), fallSteps(853), fallSteps(0)]).toEqual([426, 427, 1]);
  });

  it('falls on the chosen London dates, both ends included, and on no others', () => {
    const ranges = [
      { from: '2026-12-20', to: '2026-12-26' },
      { from: '2027-01-01', to: '2027-01-01' },
    ];
    expect(['2026-12-19', '2026-12-20', '2026-12-26', '2026-12-27', '2027-01-01', '2027-01-02'].map((date) => isSnowDay(ranges, date))).toEqual([false, true, true, false, true, false]);
    expect(isSnowDay([], '2026-12-25')).toBe(false);
  });

  it('refuses a stretch that stops before it starts, in a sentence with en-GB dates, and so does the setting', () => {
    expect(snowfallDatesProblems([{ from: '2026-12-26', to: '2026-12-20' }])).toEqual(['the snow cannot stop (20/12/2026) before it starts (26/12/2026)']);
    expect(snowfallDatesProblems([{ from: '2026-12-20', to: '2026-12-20' }])).toEqual([]);
    const schema = SETTINGS.snowfall_dates.schema;
    expect(schema.safeParse([{ from: '2026-12-20', to: '2026-12-26' }]).success).toBe(true);
    for (const wrong of [[{ from: '2026-12-26', to: '2026-12-20' }], [{ from: '20/12/2026', to: '2026-12-26' }], [{ from: '2026-12-20' }], [{ from: '2026-12-20', to: '2026-12-21', extra: 1 }], 'always']) {
      expect({ wrong, accepted: schema.safeParse(wrong).success }).toEqual({ wrong, accepted: false });
    }
    expect(SETTINGS.snowfall_dates.default).toEqual([]);
  });
});
