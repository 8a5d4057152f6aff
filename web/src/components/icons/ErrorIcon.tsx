import { SvgIcon } from './SvgIcon';

/** A circled exclamation mark: the error look's sign (spec §8 "'NOT applied' ... and an error icon"). */
export function ErrorIcon({ size }: { size?: string }) {
  return (
    <SvgIcon size={size}>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 4.5v4.25M8 11.25v.01" />
    </SvgIcon>
  );
}
