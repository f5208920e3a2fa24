import { coreMenusAnswer, type TopMenuItem, topMenusAnswer } from '@fcf/engine/contract';
import { apiRequest } from '../api/http.ts';
import { type CachedResult, cachedFetch } from './cached-resource.ts';
import { readList, writeList } from './db.ts';
import { FALLBACK_CORE_MENUS, type ReportSectionMenu, TOP_MENUS_CHANGED } from './menu-defaults.ts';

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
