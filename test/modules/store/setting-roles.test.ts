import { roleToChange, settingsBeyondRole } from '../../../modules/store/setting-roles';
import { SETTING_KEYS } from '../../../modules/store';

describe('which role may change a setting', () => {
  it('lets staff switch delivery, and keeps every other setting for managers', () => {
    expect(roleToChange('delivering_status')).toBe('staff');
    const others = SETTING_KEYS.filter((key) => key !== 'delivering_status');
    expect(others.length).toBeGreaterThan(10);
    expect(others.filter((key) => roleToChange(key) !== 'manager')).toEqual([]);
  });

  it('names each key of a change beyond the role, so one manager-only key refuses the whole change', () => {
    expect(settingsBeyondRole('staff', ['delivering_status'])).toEqual([]);
    expect(settingsBeyondRole('staff', ['delivering_status', 'open_time'])).toEqual(['open_time']);
    expect(settingsBeyondRole('staff', ['order_status', 'site_name'])).toEqual(['order_status', 'site_name']);
    expect(settingsBeyondRole('customer', ['delivering_status'])).toEqual(['delivering_status']);
    expect(settingsBeyondRole('manager', ['delivering_status', 'open_time'])).toEqual([]);
    expect(settingsBeyondRole('admin', [...SETTING_KEYS])).toEqual([]);
  });
});
