import type { ReactNode } from 'react';
import './TableScroll.css';

/**
 * The box a wide table scrolls in, so the page itself never scrolls sideways. A labelled region that takes
 * focus, so keyboard users can scroll it with the arrow keys.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard (WCAG 2.1.1).
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
