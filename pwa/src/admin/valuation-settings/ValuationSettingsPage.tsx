import { RiskFreeRatesPanel } from './RiskFreeRatesPanel.tsx';
import { TerminalMethodPanel } from './TerminalMethodPanel.tsx';
import '../upload.css';
import './valuation-settings.css';

/**
 * 估值设定 (/admin/valuation-settings): what an admin sets for every valuation of the platform — the default
 * terminal value method and the year-end government bond yields the risk-free rate is read from.
 */
export default function ValuationSettingsPage() {
  return (
    <div className="valuation-settings">
      <h1 className="valuation-settings__title">估值设定</h1>
      <TerminalMethodPanel />
      <RiskFreeRatesPanel />
    </div>
  );
}
