import Button from 'react-bootstrap/Button';
import { MAX_SHIFTS_A_DAY, type Shift } from '../../../../../src/shared/shifts';
import { NEW_SHIFT } from './hoursForm';
import { ShiftFields } from './ShiftFields';

/** A day's shifts, each editable and removable, and a button to add one. */
export function ShiftList({ id, label, shifts, onChange }: { id: string; label: string; shifts: Shift[]; onChange: (shifts: Shift[]) => void }) {
  return (
    <>
      {shifts.map((shift, index) => (
        <ShiftFields
          key={index}
          id={`${id}-${index}`}
          label={`${label} shift ${index + 1}`}
          shift={shift}
          onChange={(changed) => onChange(shifts.map((each, at) => (at === index ? changed : each)))}
          onRemove={() => onChange(shifts.filter((_shift, at) => at !== index))}
        />
      ))}
      <Button variant="outline-primary" size="sm" className="mb-2" disabled={shifts.length >= MAX_SHIFTS_A_DAY} onClick={() => onChange([...shifts, NEW_SHIFT])}>
        Add a shift to {label}
      </Button>
    </>
  );
}
