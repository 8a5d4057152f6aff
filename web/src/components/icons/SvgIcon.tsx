import type { ReactNode } from 'react';

/** A decorative inline SVG in the current text colour; the control around it carries the label. */
export function SvgIcon({ children, size = '1em' }: { children: ReactNode; size?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
