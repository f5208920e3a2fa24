import { formatAmount, type TornadoBarView } from '@fcf/engine/report';

/**
 * What moves the value: one bar per driver from its value nudged down to nudged up, around the centre's
 * value, largest swing first (HTML bars: each is a labelled row a screen reader reads as text).
 */
export function TornadoChart({ bars, centre }: { bars: readonly TornadoBarView[]; centre: number | null }) {
  if (centre === null || bars.length === 0) return null;
  let reach = 0;
  for (const bar of bars) {
    for (const value of [bar.low, bar.high]) if (value !== null) reach = Math.max(reach, Math.abs(value - centre));
  }
  const at = (value: number | null) => (reach > 0 && value !== null ? ((value - centre) / reach) * 50 + 50 : 50);
  return (
    <figure className="unc-tornado" data-testid="tornado">
      <figcaption>驱动因素敏感度（每股价值，元；中线为 {formatAmount(centre)}）</figcaption>
      <ul>
        {bars.map((bar) => {
          const left = Math.min(at(bar.low), at(bar.high));
          const right = Math.max(at(bar.low), at(bar.high));
          return (
            <li key={bar.driver} className="unc-tornado__row" data-driver={bar.driver}>
              <span className="unc-tornado__label">{bar.label}</span>
              <span className="unc-tornado__track" aria-hidden="true">
                <span
                  className="unc-tornado__bar"
                  style={{ left: `${left}%`, width: `${Math.max(0.5, right - left)}%` }}
                />
                <span className="unc-tornado__centre" />
              </span>
              <span className="unc-tornado__values">
                下调 {bar.low === null ? '拒绝' : formatAmount(bar.low)} / 上调{' '}
                {bar.high === null ? '拒绝' : formatAmount(bar.high)}
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
