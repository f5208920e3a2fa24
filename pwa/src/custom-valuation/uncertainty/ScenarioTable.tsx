import { type RangeModelId, type RangeScenario, rangeDriverIssue, rangeDrivers } from '@fcf/engine';
import { formatAmount, type ScenarioSummary } from '@fcf/engine/report';
import { TableScroll } from '../../ui/TableScroll.tsx';
import { DriverCell } from './DriverCell.tsx';

interface ScenarioTableProps {
  /** Whose drivers the scenarios hold: the story model's or excess returns'. */
  readonly model: RangeModelId;
  readonly scenarios: readonly RangeScenario[];
  readonly summary: ScenarioSummary | null;
  readonly price: number | null;
  readonly centreId: string | null;
  readonly onSave: (scenario: RangeScenario) => void;
  readonly onCentre: (id: string) => void;
  readonly onError: (message: string) => void;
}

const weightIssue = (value: number) => (value >= 0 && value <= 1 ? null : '权重须在 0% 至 100% 之间');

/** Each scenario's weight, drivers and value per share; the weighted value and the price below. */
export function ScenarioTable({
  model,
  scenarios,
  summary,
  price,
  centreId,
  onSave,
  onCentre,
  onError,
}: ScenarioTableProps) {
  const drivers = rangeDrivers(model);
  const scenarioValue = (id: string) => summary?.scenarios.find((scenario) => scenario.id === id);
  const setDriver = (scenario: RangeScenario, driver: string, value: number) =>
    onSave({ ...scenario, inputs: { ...scenario.inputs, [driver]: value } });
  return (
    <>
      <TableScroll label="情景">
        <table className="unc-table">
          <caption>情景与权重（模拟中心可选）</caption>
          <thead>
            <tr>
              <th scope="col">情景</th>
              <th scope="col">权重</th>
              {drivers.map(({ driver, label }) => (
                <th scope="col" key={driver}>
                  {label}
                </th>
              ))}
              <th scope="col">每股价值（元）</th>
            </tr>
          </thead>
          <tbody>
            {scenarios.map((scenario) => {
              const value = scenarioValue(scenario.id);
              return (
                <tr key={scenario.id} data-testid="scenario-row">
                  <th scope="row">
                    <label className="unc-centre">
                      <input
                        type="radio"
                        name="unc-centre"
                        checked={scenario.id === centreId}
                        onChange={() => onCentre(scenario.id)}
                        aria-label={`以“${scenario.name}”为模拟中心`}
                      />
                      {scenario.name}
                    </label>
                  </th>
                  <td>
                    <DriverCell
                      value={scenario.weight}
                      percent
                      label={`${scenario.name}权重（%）`}
                      check={weightIssue}
                      onCommit={(weight) => onSave({ ...scenario, weight })}
                      onError={onError}
                    />
                  </td>
                  {drivers.map(({ driver, label, percent }) => (
                    <td key={driver}>
                      <DriverCell
                        value={scenario.inputs[driver] ?? 0}
                        percent={percent}
                        label={`${scenario.name}：${label}${percent ? '（%）' : ''}`}
                        check={(typed) => rangeDriverIssue(model, driver, typed)}
                        onCommit={(typed) => setDriver(scenario, driver, typed)}
                        onError={onError}
                      />
                    </td>
                  ))}
                  <td className="unc-num" title={value?.refusal ?? undefined}>
                    {value?.refusal ? '模型拒绝' : formatAmount(value?.value_per_share)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <p className="unc-weighted">
        情景加权价值 <strong data-testid="weighted-value">{formatAmount(summary?.weighted_value)}</strong> 元
        {price !== null ? (
          <>
            ，现价 <strong data-testid="unc-price">{formatAmount(price)}</strong> 元
          </>
        ) : (
          '，暂无行情'
        )}
        {summary?.weights_issue ? (
          <span className="unc-issue" role="alert">
            {summary.weights_issue}
          </span>
        ) : null}
      </p>
    </>
  );
}
