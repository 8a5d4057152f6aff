import { formFromValues, settingsToSave } from '../../web/src/features/staff/settings/settingsForm';

/** Staff spec §5: what the settings screen sends when saved. */
describe('saving the takeaway settings', () => {
  const form = formFromValues({
    ta_print_categories: 'Starters\nCurries\nGone Away',
    offer_takeaway_collect_discount: true,
    takeaway_collect_discount_type: 'Fixed Amount',
    takeaway_collect_discount_amount_or_percent: 50,
  });

  it('prunes the printed-ticket categories to those that exist, and sends none before the list is known', () => {
    expect(settingsToSave(form, ['Starters', 'Curries', 'Sides']).ta_print_categories).toBe('Starters\nCurries');
    expect(settingsToSave(form, [])).toHaveProperty('ta_print_categories', '');
    expect(settingsToSave(form, undefined)).not.toHaveProperty('ta_print_categories');
  });

  it('sends the discount type and amount only while the discount is on', () => {
    expect(settingsToSave(form, [])).toMatchObject({ takeaway_collect_discount_type: 'Fixed Amount', takeaway_collect_discount_amount_or_percent: 50 });
    const off = settingsToSave({ ...form, offer_takeaway_collect_discount: false }, []);
    expect(off).not.toHaveProperty('takeaway_collect_discount_type');
    expect(off).not.toHaveProperty('takeaway_collect_discount_amount_or_percent');
  });
});
