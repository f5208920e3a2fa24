import { type DcfValuationView, EMPTY, keyFigures, terminalShare } from '@fcf/engine/report';
import { KeyFigureTerm } from '../ui/KeyFigureTerm.tsx';
import './ValuationSummary.css';

/**
 * The figures a reader watches while editing, above the tables (on a phone the DCF table's footer is a
 * long scroll away): the report's key figures (value per share, equity and enterprise value) and how much
 * of EV is terminal value, with the report's warning.
 */
export function ValuationSummary({ dcf }: { dcf: DcfValuationView | null }) {
  // Without a valuation the figures show dashes rather than vanish, so the page does not jump.
  const share = dcf ? terminalShare(dcf) : null;
  const figures = [
    ...keyFigures(dcf).map((figure) => ({
      key: figure.key,
      label: figure.label,
      text: figure.text,
      // 不适用 is not an amount: no unit after it (as on the report).
      unit: figure.note === null ? figure.unit : '',
    })),
    {
      key: 'terminal_share',
      label: '终值占企业价值',
      text: share ? share.percent : EMPTY,
      unit: '',
    },
  ];
  return (
    <section className="cv-summary" aria-label="估值摘要">
      <dl className="cv-figures">
        {figures.map((figure) => (
          <div
            key={figure.key}
            className={figure.key === 'terminal_share' && share?.warning ? 'cv-figure is-warning' : 'cv-figure'}
          >
            <KeyFigureTerm figureKey={figure.key} label={figure.label} dcf={dcf} />
            <dd>
              {figure.text}
              {figure.unit ? <span className="cv-figure__unit">{figure.unit}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      {share?.warning ? <p className="cv-warning">{`${share.text}（${share.reason ?? ''}）。`}</p> : null}
    </section>
  );
}
