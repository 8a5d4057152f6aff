import { SvgIcon } from './SvgIcon';

export function BasketIcon({ size }: { size?: string }) {
  return (
    <SvgIcon size={size}>
      <path d="M1 6h14l-1.5 8h-11z" />
      <path d="M4.5 6 7 1.5M11.5 6 9 1.5" />
      <path d="M5.5 8.5v3M8 8.5v3M10.5 8.5v3" />
    </SvgIcon>
  );
}
