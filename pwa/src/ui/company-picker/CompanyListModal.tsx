import type { CompanyListItem } from '@fcf/engine/contract';
import { type MouseEvent, type PointerEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { companyListErrorMessage } from './company-list-error.ts';
import { useDialogFocus } from './use-dialog-focus.ts';
import './company-button.css';
import './CompanyListModal.css';

export interface CompanyListModalProps {
  open: boolean;
  /** The selected company's name (or code), marked 当前 in the grid. */
  current: string | null;
  onClose: () => void;
  /** Called with the picked company; the modal then closes itself through onClose. */
  onPick: (company: CompanyListItem) => void;
}

/** Thousands of cards would stall a phone; the search box narrows the list instead. */
const MAX_CARDS = 120;

type ListState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly companies: readonly CompanyListItem[]; readonly stale: boolean };

function filterCompanies(companies: readonly CompanyListItem[], query: string): readonly CompanyListItem[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return companies;
  return companies.filter(
    (company) => company.name.toLowerCase().includes(wanted) || company.code.toLowerCase().includes(wanted),
  );
}

/** Browse every company: search by name or code, a grid of cards, the current one marked. */
export function CompanyListModal(props: CompanyListModalProps) {
  if (!props.open) return null;
  return createPortal(<CompanyListDialog {...props} />, document.body);
}

function CompanyListDialog({ current, onClose, onPick }: CompanyListModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [query, setQuery] = useState('');
  const [attempt, setAttempt] = useState(0);

  // On a touch screen, focusing the filter would raise the keyboard over half of the sheet.
  const [touch] = useState(() => window.matchMedia?.('(pointer: coarse)').matches ?? false);
  useDialogFocus(dialog, touch ? dialog : searchInput, onClose);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    import('../../store/companies.ts')
      .then(({ loadCompanies }) => loadCompanies(attempt > 0))
      .then(
        (result) => active && setState({ status: 'ready', companies: result.value, stale: result.stale }),
        (error: unknown) => active && setState({ status: 'error', message: companyListErrorMessage(error) }),
      );
    return () => {
      active = false;
    };
  }, [attempt]);

  const matches = useMemo(
    () => (state.status === 'ready' ? filterCompanies(state.companies, query) : []),
    [state, query],
  );

  const pick = useCallback(
    (company: CompanyListItem) => {
      onPick(company);
      onClose();
    },
    [onPick, onClose],
  );

  // A press that starts inside the dialog (selecting filter text) and ends on the backdrop is no close.
  const pressedBackdrop = useRef(false);
  const onBackdropDown = (event: PointerEvent<HTMLDivElement>) => {
    pressedBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressedBackdrop.current && event.target === event.currentTarget) onClose();
    pressedBackdrop.current = false;
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a pointer shortcut; Escape and the close button are the accessible ways out.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled for the whole dialog by useDialogFocus.
    <div className="company-modal__backdrop" onPointerDown={onBackdropDown} onClick={onBackdropClick}>
      <div
        ref={dialog}
        className="company-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="company-modal__header">
          <h2 id={titleId} className="company-modal__title">
            选择公司
          </h2>
          <button type="button" className="company-modal__close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </header>
        <input
          ref={searchInput}
          type="search"
          className="company-modal__search"
          placeholder="按公司名称或股票代码筛选"
          aria-label="按公司名称或股票代码筛选"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
        />
        <div className="company-modal__body">
          {state.status === 'loading' && (
            <p className="company-modal__note" role="status">
              正在加载公司列表…
            </p>
          )}
          {state.status === 'error' && (
            <div className="company-modal__note company-modal__note--error" role="alert">
              <p>{state.message}</p>
              <button type="button" className="company-button" onClick={() => setAttempt((count) => count + 1)}>
                重试
              </button>
            </div>
          )}
          {state.status === 'ready' && (
            <CompanyGrid
              companies={state.companies}
              matches={matches}
              query={query}
              stale={state.stale}
              current={current}
              onPick={pick}
            />
          )}
        </div>
      </div>
    </div>
  );
}

function CompanyGrid(props: {
  companies: readonly CompanyListItem[];
  matches: readonly CompanyListItem[];
  query: string;
  stale: boolean;
  current: string | null;
  onPick: (company: CompanyListItem) => void;
}) {
  const { companies, matches, query, stale, current, onPick } = props;
  if (companies.length === 0) return <p className="company-modal__note">暂无公司数据</p>;
  const shown = matches.slice(0, MAX_CARDS);
  return (
    <>
      <p className="company-modal__count" role="status">
        {query.trim() ? `找到 ${matches.length} 家公司（共 ${companies.length} 家）` : `共 ${companies.length} 家公司`}
        {stale && '（离线缓存，可能不是最新）'}
      </p>
      {matches.length === 0 ? (
        <p className="company-modal__note">没有名称或代码包含“{query.trim()}”的公司</p>
      ) : (
        <ul className="company-modal__grid">
          {shown.map((company) => {
            const isCurrent = current !== null && (company.name === current || company.code === current);
            return (
              <li key={company.id}>
                <button
                  type="button"
                  className={`company-card${isCurrent ? ' company-card--current' : ''}`}
                  aria-current={isCurrent ? 'true' : undefined}
                  onClick={() => onPick(company)}
                >
                  <span className="company-card__name">{company.name}</span>
                  <span className="company-card__meta">
                    {company.code && <span className="company-card__code">{company.code}</span>}
                    <span className="company-card__industry">{company.industry}</span>
                  </span>
                  {isCurrent && <span className="company-card__badge">当前</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {matches.length > shown.length && (
        <p className="company-modal__note">仅显示前 {MAX_CARDS} 家，请输入名称或代码缩小范围</p>
      )}
    </>
  );
}
