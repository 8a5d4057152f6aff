import { SvgIcon } from './SvgIcon';

export function CrossIcon({ size }: { size?: string }) {
  return (
    <SvgIcon size={size}>
      <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" />
    </SvgIcon>
  );
}
