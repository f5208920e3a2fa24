import type { CoreMenuItem } from '@fcf/engine/contract';
import { REPORT_SECTIONS } from '@fcf/engine/report';

// What the first screen needs of the menus before the offline copy is opened (menus.ts reads and keeps them).

/** Fired when this browser learns of a new top menu (an admin edited it): the navigation reloads. */
export const TOP_MENUS_CHANGED = 'fcf:top-menus-changed';

/** What the report page reads of a report-section menu item. */
export type ReportSectionMenu = Pick<CoreMenuItem, 'id' | 'name' | 'path' | 'order_index'>;

/** The report sections of the built-in menu (the engine's registry), used when the server's cannot be had. */
export const FALLBACK_CORE_MENUS: readonly ReportSectionMenu[] = REPORT_SECTIONS.map(({ path, menu }, index) => ({
  id: -(index + 1),
  name: menu.name,
  path,
  order_index: menu.order,
}));
