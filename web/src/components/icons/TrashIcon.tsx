import { SvgIcon } from './SvgIcon';

export function TrashIcon({ size }: { size?: string }) {
  return (
    <SvgIcon size={size}>
      <path d="M2 4h12M6 4V2h4v2M3.5 4l1 10h7l1-10" />
      <path d="M6.5 7v4.5M9.5 7v4.5" />
    </SvgIcon>
  );
}
