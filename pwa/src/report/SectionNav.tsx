import { useEffect, useState } from 'react';
import './SectionNav.css';

/** The sidebar offsets (docs/requirements.md#navigation-and-layout): a 70 px header plus 20 px, and a 150 px lookahead for the active one. */
const SCROLL_OFFSET = 90;
const ACTIVE_LOOKAHEAD = 150;

export interface SectionLink {
  readonly path: string;
  readonly name: string;
}

/** The section whose top has passed the header line (plus the lookahead), as the page scrolls. */
function activeSection(sections: readonly SectionLink[], scrollY: number): string | null {
  let active: string | null = sections[0]?.path ?? null;
  for (const section of sections) {
    const element = document.getElementById(section.path);
    if (!element) continue;
    const top = element.getBoundingClientRect().top + scrollY;
    if (top - SCROLL_OFFSET - ACTIVE_LOOKAHEAD <= scrollY) active = section.path;
  }
  return active;
}

/**
 * Scrolls the section under the header (its `scroll-margin-top`, the same 90 px). Every section is laid out
 * first: off screen they stand at reserved heights (content-visibility), which the real ones differ from at
 * other widths or for a company with short modules, and the aim would land off by that much.
 */
function scrollToSection(path: string) {
  document.documentElement.dataset.reportLaidOut = 'true';
  document.getElementById(path)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** Numbered links to the report's sections, highlighting the one in view. */
export function SectionNav({ sections }: { sections: readonly SectionLink[] }) {
  const [active, setActive] = useState<string | null>(sections[0]?.path ?? null);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(activeSection(sections, window.scrollY)));
    };
    // At the top the first section is the active one: no layout is forced while the page is being drawn.
    if (window.scrollY > 0) onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [sections]);

  return (
    <nav className="section-nav" aria-label="报告章节">
      <ol>
        {sections.map((section, index) => (
          <li key={section.path}>
            <a
              href={`#${section.path}`}
              className={active === section.path ? 'is-active' : undefined}
              aria-current={active === section.path ? 'location' : undefined}
              onClick={(event) => {
                event.preventDefault();
                setActive(section.path);
                scrollToSection(section.path);
              }}
            >
              <span className="section-nav__number">{index + 1}</span>
              {section.name}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
