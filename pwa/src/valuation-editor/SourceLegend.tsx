import './EditableCell.css';
import './SourceLegend.css';
/** What the cell styles mean; the swatches repeat the cells' own styles. */
export function SourceLegend() {
  return (
    <ul className="cv-legend" aria-label="单元格说明">
      <li>
        <span className="cv-swatch cv-swatch--historical" aria-hidden="true">
          12.34
        </span>
        历史数据（只读）
      </li>
      <li>
        <span className="cv-swatch is-system" aria-hidden="true">
          12.34
        </span>
        系统预测
      </li>
      <li>
        <span className="cv-swatch is-inherited" aria-hidden="true">
          12.34
        </span>
        沿用前一年的设定
      </li>
      <li>
        <span className="cv-swatch is-user-set" aria-hidden="true">
          12.34
        </span>
        我的设定
      </li>
    </ul>
  );
}
