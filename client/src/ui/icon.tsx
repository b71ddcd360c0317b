// The site's icons are decorative: hidden from screen readers (the text or the control's name beside
// each carries the meaning) and drawn in the text's colour. Their line style is set once, on the
// <svg>, and inherited by the shapes inside; a shape painted solid says so with FILLED.
import type { ReactNode } from 'react';

interface IconProps {
  /** Width and height in CSS pixels. */
  size: number;
  /** The drawing's own square: its viewBox is 0 0 box box. */
  box?: number;
  strokeWidth?: number;
  className?: string;
  children: ReactNode;
}

export function Icon({ size, box = 24, strokeWidth = 1.6, className, children }: IconProps) {
  return (
    <svg
      className={className}
      viewBox={`0 0 ${box} ${box}`}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** Paints a shape solid instead of outlining it. */
export const FILLED = { fill: 'currentColor', stroke: 'none' } as const;
