import { REPORT_MODULE_PATHS, type ReportModulePath } from '@fcf/engine/report';

export interface ReportModuleEntry {
  /** The section's anchor id and test hook: one of REPORT_MODULE_PATHS (basic-info, roe-roic, …). */
  readonly path: string;
  /** The menu's name, shown as the section title. */
  readonly name: string;
}

function isModulePath(path: string): path is ReportModulePath {
  return (REPORT_MODULE_PATHS as readonly string[]).includes(path);
}

/**
 * The menu's entries the report has a section for, in menu order, each path once (the first entry wins: a
 * path shown twice would duplicate its anchor id). A path without a section is left out of the page and of
 * the section menu alike, so no link leads nowhere.
 */
export function shownSections(
  entries: readonly ReportModuleEntry[],
): (ReportModuleEntry & { readonly path: ReportModulePath })[] {
  const seen = new Set<string>();
  return entries.filter((entry): entry is ReportModuleEntry & { path: ReportModulePath } => {
    if (!isModulePath(entry.path) || seen.has(entry.path)) return false;
    seen.add(entry.path);
    return true;
  });
}
