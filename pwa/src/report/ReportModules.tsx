import {
  type CompanyReport,
  fcfValuationSpec,
  historyModuleSpec,
  modelValuationSpec,
  REPORT_MODULE_PATHS,
  REPORT_MODULE_TITLES,
  type ReportModulePath,
} from '@fcf/engine/report';
import { type ReactNode, startTransition, useEffect, useMemo, useState } from 'react';
import { afterFirstScreen, firstScreenShown, firstVisitOpens } from '../lib/after-first-screen.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { DcfValuationModule } from './modules/DcfValuationModule.tsx';
import { HistoryModule } from './modules/HistoryModule.tsx';
import { ModelValuationModule } from './modules/ModelValuationModule.tsx';
import { ProfitabilityModule } from './modules/ProfitabilityModule.tsx';
import { SensitivityModule } from './modules/SensitivityModule.tsx';
import { mountNearViewport } from './near-viewport-mount.ts';
import { ReportUnavailable } from './ReportUnavailable.tsx';
import '../ui/report-notice.css';
import './ReportModules.css';
import './report-skeleton.css';
import { type ReportModuleEntry, shownSections } from './shown-sections.ts';
import type { ReportState } from './use-company-report.ts';

export interface ReportModulesProps {
  readonly state: ReportState;
  /** The core menu's report sections, in menu order; paths the app does not know are skipped. */
  readonly modules: readonly ReportModuleEntry[];
  readonly onReload: () => void;
  /** Opens the custom valuation page for the company (the page opens it in a new tab). */
  readonly onOpenCustom: (company: string) => void;
  /** Opens another company's report (offered when this one cannot be loaded). */
  readonly onPick: (company: string) => void;
}

/** One module of the report, drawn from its spec (made once per report: charts keep their drawing). */
function ModuleBody({
  path,
  report,
  onOpenCustom,
  gridHasSection,
}: {
  path: ReportModulePath;
  report: CompanyReport;
  onOpenCustom: (company: string) => void;
  /** The sensitivity grid has its own section on the page: the DCF module leaves it out (as the PDF does). */
  gridHasSection: boolean;
}) {
  const spec = useMemo(
    () =>
      path === 'fcf-valuation'
        ? ({
            path,
            spec: {
              ...fcfValuationSpec(report.dcf, report.dcfError),
              ...(gridHasSection ? { sensitivity: null } : {}),
            },
          } as const)
        : path === 'sensitivity'
          ? ({ path } as const)
          : ({ path, spec: historyModuleSpec(report, path) } as const),
    [path, report, gridHasSection],
  );
  if (spec.path === 'fcf-valuation' && report.model) {
    return <ModelValuationModule spec={modelValuationSpec(report.model, report.company.name)} />;
  }
  if (spec.path === 'fcf-valuation') {
    return <DcfValuationModule report={report} spec={spec.spec} onOpenCustom={onOpenCustom} />;
  }
  if (spec.path === 'sensitivity') return <SensitivityModule report={report} />;
  if (spec.path === 'profitability') return <ProfitabilityModule report={report} />;
  return <HistoryModule spec={spec.spec} />;
}

function ModuleSection({ path, name, busy, children }: ReportModuleEntry & { busy: boolean; children: ReactNode }) {
  return (
    <section
      id={path}
      data-testid={`report-module-${path}`}
      className={`report-module report-module--${path}`}
      aria-labelledby={`${path}-title`}
      aria-busy={busy}
    >
      <h2 id={`${path}-title`} className="report-module__title">
        {name}
      </h2>
      {children}
    </section>
  );
}

function UnderDevelopment({ state }: { state: ReportState }) {
  const available =
    state.status === 'ready' ? state.report.financialAnalysis.summary.available_modules : REPORT_MODULE_PATHS;
  return (
    <section className="report-module report-module--notice" aria-labelledby="report-modules-empty-title">
      <h2 id="report-modules-empty-title" className="report-module__title">
        报告模块建设中
      </h2>
      <p>当前未配置报告模块，该功能正在开发中。可用的分析模块有：</p>
      <ul className="report-module__list">
        {available.map((path) => (
          <li key={path}>{REPORT_MODULE_TITLES[path]}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Which of a company's sections are built. On a first visit (after-first-screen.ts): those near the
 * viewport, the one the reader jumps to, and the rest in idle slices once the page was quiet
 * (near-viewport-mount.ts); the others stand meanwhile at their reserved height (report-skeleton.css). When
 * the report is read back from this browser's copy, every section is built with the report, in the same
 * transition (React renders it in slices): building them one per idle slice added a frame or more each, some
 * 200 ms before the last of a dozen sections showed (docs/BENCHMARKS.md §3). A report recomputed for the
 * same company (a newer quote) keeps what is built.
 */
function useMountedSections(company: string | null, paths: readonly string[]): ReadonlySet<string> {
  const [mounted, setMounted] = useState<{ company: string | null; paths: ReadonlySet<string> }>({
    company,
    paths: new Set(),
  });
  const key = paths.join(' ');
  const inSlices = firstVisitOpens();
  const all = useMemo(() => new Set(key.split(' ')), [key]);
  useEffect(() => {
    if (company === null || !inSlices) return;
    return mountNearViewport({
      paths: key.split(' '),
      elementOf: (path) => document.getElementById(path),
      onMount: (built) => startTransition(() => setMounted({ company, paths: built })),
      afterQuiet: afterFirstScreen(),
      idle: () => whenIdle(),
      win: window,
      ...(typeof IntersectionObserver === 'undefined' ? {} : { Observer: IntersectionObserver }),
    });
  }, [company, key, inSlices]);
  if (!inSlices) return all;
  return mounted.company === company ? mounted.paths : NONE;
}

const NONE: ReadonlySet<string> = new Set();

/** The report's modules in menu order, each in its own section, with the shared loading and error states. */
export function ReportModules({ state, modules, onReload, onOpenCustom, onPick }: ReportModulesProps) {
  const known = shownSections(modules);
  const mounted = useMountedSections(
    state.status === 'ready' ? state.report.company.code : null,
    known.map((entry) => entry.path),
  );
  // The report is at hand (or cannot be shown): its first screen is drawn, the sections near it follow as
  // they come near, and what waits for the first screen may follow (after-first-screen.ts).
  const settled = state.status === 'error' || state.status === 'ready';
  useEffect(() => {
    if (settled) firstScreenShown();
  }, [settled]);
  if (state.status === 'idle') return null;
  if (modules.length === 0) return <UnderDevelopment state={state} />;
  if (state.status === 'error')
    return <ReportUnavailable message={state.message} onReload={onReload} onPick={onPick} />;

  const gridHasSection = known.some((entry) => entry.path === 'sensitivity');
  return (
    <div className="report-modules">
      {known.map((entry, index) => {
        // One status for the whole report: announce it once, not once per section.
        const announce = index === 0;
        const busy = state.status === 'loading' || !mounted.has(entry.path);
        let body: ReactNode;
        if (busy) {
          body = (
            <p className="report-module__status" role={announce && state.status === 'loading' ? 'status' : undefined}>
              正在加载…
            </p>
          );
        } else {
          body = (
            <ModuleBody
              path={entry.path}
              report={state.report}
              onOpenCustom={onOpenCustom}
              gridHasSection={gridHasSection}
            />
          );
        }
        return (
          <ModuleSection key={entry.path} path={entry.path} name={entry.name} busy={busy}>
            {body}
          </ModuleSection>
        );
      })}
    </div>
  );
}
