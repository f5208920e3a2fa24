/** Page arithmetic of the paged lists (pages are numbered from 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}

export function pageSlice<Item>(items: readonly Item[], page: number, pageSize: number): readonly Item[] {
  const start = (clampPage(page, items.length, pageSize) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

export type PageLink = number | 'gap';

/** The page buttons to show: first, last and the current one's neighbours, with gaps between (1 … 4 5 6 … 20). */
export function pageLinks(page: number, count: number, neighbours = 1): PageLink[] {
  const wanted = new Set([1, count]);
  for (let offset = -neighbours; offset <= neighbours; offset += 1) wanted.add(page + offset);
  const pages = [...wanted].filter((value) => value >= 1 && value <= count).sort((a, b) => a - b);
  const links: PageLink[] = [];
  for (const value of pages) {
    const previous = links.at(-1);
    if (typeof previous === 'number' && value - previous === 2) links.push(value - 1);
    else if (typeof previous === 'number' && value - previous > 2) links.push('gap');
    links.push(value);
  }
  return links;
}
