import {
  type CoreMenuItem,
  coreMenusAnswer,
  REPORT_SECTIONS,
  type TopMenuItem,
  topMenusAnswer,
} from '@fcf/engine/report';
import { apiRequest } from '../api/http.ts';
import { type CachedResult, cachedFetch } from './cached-resource.ts';
import { readList, writeList } from './db.ts';

/** Fired when this browser learns of a new top menu (an admin edited it): the navigation reloads. */
export const TOP_MENUS_CHANGED = 'fcf:top-menus-changed';

export async function rememberTopMenus(menus: TopMenuItem[]): Promise<void> {
  await writeList('top_menus', menus);
  window.dispatchEvent(new Event(TOP_MENUS_CHANGED));
}

export function loadTopMenus(force = false): Promise<CachedResult<TopMenuItem[]>> {
  return cachedFetch({
    read: async () => readList('top_menus'),
    fetch: () => apiRequest('/api/top_menus', { schema: topMenusAnswer }),
    write: (menus) => writeList('top_menus', menus),
    force,
  });
}

/** What the report page reads of a report-section menu item. */
export type ReportSectionMenu = Pick<CoreMenuItem, 'id' | 'name' | 'path' | 'order_index'>;

/** The report sections of the built-in menu (the engine's registry), used when the server's cannot be had. */
export const FALLBACK_CORE_MENUS: readonly ReportSectionMenu[] = REPORT_SECTIONS.map(({ path, menu }, index) => ({
  id: -(index + 1),
  name: menu.name,
  path,
  order_index: menu.order,
}));

/** The report's sections in menu order; the built-in menu on failure (docs/requirements.md#report-modules). */
export async function loadCoreMenus(): Promise<readonly ReportSectionMenu[]> {
  try {
    const { value } = await cachedFetch({
      read: async () => readList('core_menus'),
      fetch: () => apiRequest('/api/core_menus', { schema: coreMenusAnswer }),
      write: (menus) => writeList('core_menus', menus),
    });
    return [...value].sort((a, b) => a.order_index - b.order_index);
  } catch {
    return FALLBACK_CORE_MENUS;
  }
}
