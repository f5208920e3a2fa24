/**
 * The tables of a rendered report, read as a reader sees them: caption (without the narrow-screen remark),
 * header cells, then each row's cells, a spanning cell once. Hidden helper text for screen readers
 * ('（当前假设）') is left out, as the PDF marks the base case by its shading.
 */

export interface ScreenTable {
  readonly caption: string | null;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Each row's cells' tone by the colour rule: 'rise', 'fall' or 'neutral'. */
  readonly tones: readonly (readonly string[])[];
}

function visibleText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.visually-hidden, .data-table__trimmed')) hidden.remove();
  return copy.textContent ?? '';
}

export function readScreenTables(root: ParentNode): ScreenTable[] {
  return [...root.querySelectorAll('table')].map((table) => {
    const caption = table.querySelector('caption');
    const cells = (row: Element) => [...row.children].map(visibleText);
    const headerRow = table.querySelector('thead tr');
    const rows = [...table.querySelectorAll('tbody tr, tfoot tr')];
    const tone = (cell: Element) =>
      cell.classList.contains('tone-rise') ? 'rise' : cell.classList.contains('tone-fall') ? 'fall' : 'neutral';
    return {
      caption: caption ? visibleText(caption) : null,
      header: headerRow ? cells(headerRow) : [],
      rows: rows.map(cells),
      tones: rows.map((row) => [...row.children].map(tone)),
    };
  });
}
