import { SvgIcon } from './SvgIcon';

export function ArrowIcon({ direction, size }: { direction: 'up' | 'down'; size?: string }) {
  return <SvgIcon size={size}>{direction === 'up' ? <path d="M3 10.5 8 5l5 5.5" /> : <path d="M3 5.5 8 11l5-5.5" />}</SvgIcon>;
}
