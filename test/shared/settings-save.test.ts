import { CHECK_POSTCODE_AND_DISCOUNT, whySettingsCannotSave, type SettingsSaveChecks } from '../../src/shared/settings-save';

const fine: SettingsSaveChecks = { postcodeLocated: true, discountValid: true, hoursProblems: [], contactEmailValid: true, brandValid: true };

/** Issue 38 item 2: the disabled Save button names the real problem, keeping the spec's words for its own. */
describe('whySettingsCannotSave', () => {
  it('lets settings that pass every check be saved', () => {
    expect(whySettingsCannotSave(fine)).toBeNull();
  });

  it("keeps the spec's words for the postcode and the discount", () => {
    expect(whySettingsCannotSave({ ...fine, postcodeLocated: false })).toBe('Check kitchen postcode & discount amount');
    expect(whySettingsCannotSave({ ...fine, discountValid: false })).toBe(CHECK_POSTCODE_AND_DISCOUNT);
  });

  it('names a clash of opening hours as an hours problem, alone or beside the postcode', () => {
    const clash = ['Monday: the shifts 17:00–23:00 and 22:00–23:30 overlap'];
    expect(whySettingsCannotSave({ ...fine, hoursProblems: clash })).toBe('Check the opening hours: Monday: the shifts 17:00–23:00 and 22:00–23:30 overlap');
    expect(whySettingsCannotSave({ ...fine, postcodeLocated: false, hoursProblems: clash })).toBe('Check kitchen postcode & discount amount, and the opening hours');
  });

  it('names the contact address and the brand', () => {
    expect(whySettingsCannotSave({ ...fine, contactEmailValid: false })).toBe('Check the contact form’s email address');
    expect(whySettingsCannotSave({ ...fine, brandValid: false })).toBe('Check the restaurant’s name and accent colour');
  });
});
