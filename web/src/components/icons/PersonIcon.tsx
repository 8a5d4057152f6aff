import { SvgIcon } from './SvgIcon';

export function PersonIcon({ size }: { size?: string }) {
  return (
    <SvgIcon size={size}>
      <circle cx="8" cy="5" r="3" />
      <path d="M2.5 15c0-3 2.5-5 5.5-5s5.5 2 5.5 5" />
    </SvgIcon>
  );
}
