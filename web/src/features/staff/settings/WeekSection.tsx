import { WEEKDAYS } from '../../../../../src/shared/shifts';
import { hoursProblems } from './hoursForm';
import type { SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';
import { ShiftList } from './ShiftList';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The week grid: a row per day with its shifts (none is closed that day); the verdict covers special days too. */
export function WeekSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  const problems = hoursProblems(form.opening_week, form.special_days);
  return (
    <SettingsSection id="open-times" title="Open Times">
      {WEEKDAYS.map((day) => (
        <fieldset key={day} className="border-bottom mb-2" data-testid={`week-${day}`}>
          <legend className="h6">
            {capitalised(day)}
            {form.opening_week[day].length === 0 && <span className="text-body-secondary fw-normal"> (closed)</span>}
          </legend>
          <ShiftList
            id={`week-${day}`}
            label={capitalised(day)}
            shifts={form.opening_week[day]}
            onChange={(shifts) => update({ opening_week: { ...form.opening_week, [day]: shifts } })}
          />
        </fieldset>
      ))}
      <div role="status" className={`mt-2 ${problems.length === 0 ? 'text-success' : 'text-danger'}`}>
        <p className="mb-0" data-testid="times-verdict">
          {problems.length === 0 ? 'Times are OK' : 'Open times do not work together'}
        </p>
        {problems.length > 0 && (
          <ul className="mb-0" data-testid="times-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    </SettingsSection>
  );
}
