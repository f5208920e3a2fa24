import type { ReactNode } from 'react';

export type DashboardIconName =
  | 'report'
  | 'sliders'
  | 'compare'
  | 'library'
  | 'percent'
  | 'dollar'
  | 'globe'
  | 'layers';

/** Stroke paths on a 24 × 24 grid; drawn in currentColor so a card's colour carries over. */
const PATHS: Record<DashboardIconName, ReactNode> = {
  report: (
    <>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 17v-3M12 17v-5M15 17v-2" />
    </>
  ),
  sliders: (
    <>
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </>
  ),
  compare: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  library: (
    <>
      <path d="M3 21h18M5 21V10M9 21V10M15 21V10M19 21V10" />
      <path d="M12 3 3 8h18z" />
    </>
  ),
  percent: (
    <>
      <path d="M19 5 5 19" />
      <circle cx="7" cy="7" r="2.5" />
      <circle cx="17" cy="17" r="2.5" />
    </>
  ),
  dollar: <path d="M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
  layers: <path d="m12 3 9 5-9 5-9-5zM3 13l9 5 9-5M3 17.5l9 5 9-5" />,
};

export function DashboardIcon({ name }: { name: DashboardIconName }) {
  return (
    <svg
      className="home-card__icon"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
