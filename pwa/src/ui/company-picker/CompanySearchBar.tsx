import type { CompanyListItem } from '@fcf/engine/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CompanyListModal } from './CompanyListModal.tsx';
import { optionId, SearchSuggestions } from './SearchSuggestions.tsx';
import { searchCompany, suggestCompanies } from './search.ts';
import { useSearchValidation } from './use-search-validation.ts';
import { useSuggestionCap } from './use-suggestion-cap.ts';
import './company-button.css';
import './CompanySearchBar.css';

export interface CompanySearchBarProps {
  companies: readonly CompanyListItem[];
  /** The selected company's name; the input shows it and follows its changes. */
  current: string | null;
  onSelect: (company: CompanyListItem) => void;
  onClear: () => void;
  /** The company list is still loading: a search waits for it (shown as validating). */
  loading?: boolean;
  /** The company list failed to load (see companyListErrorMessage); shown with 重试 when onRetry is given. */
  error?: string | null;
  onRetry?: () => void;
}

/** Company search: name or code, suggestions, 查询, 列表 and clear. */
export function CompanySearchBar({
  companies,
  current,
  onSelect,
  onClear,
  loading,
  error,
  onRetry,
}: CompanySearchBarProps) {
  const listboxId = useId();
  const messageId = useId();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const cap = useSuggestionCap();
  const [text, setText] = useState(current ?? '');
  const [syncedCurrent, setSyncedCurrent] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [pending, setPending] = useState<string | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [validation, setValidation] = useSearchValidation();

  if (current !== syncedCurrent) {
    setSyncedCurrent(current);
    setText(current ?? '');
  }

  const suggestions = useMemo(() => suggestCompanies(companies, text, cap), [companies, text, cap]);
  const expanded = open && suggestions.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (company: CompanyListItem) => {
    setText(company.name);
    close();
    setPending(null);
    setValidation({ state: 'valid', message: `已选择 ${company.name}${company.code ? `（${company.code}）` : ''}` });
    onSelect(company);
  };

  const runSearch = (query: string) => {
    if (companies.length === 0 && error && query.trim()) {
      setValidation({ state: 'invalid', message: error });
      return;
    }
    if (loading && companies.length === 0 && query.trim()) {
      setPending(query);
      setValidation({ state: 'validating' });
      return;
    }
    const result = searchCompany(companies, query, cap);
    if (result.kind === 'selected') {
      choose(result.company);
      return;
    }
    setValidation({ state: 'invalid', message: result.message });
    if (result.kind === 'ambiguous') {
      setOpen(true);
      setActive(-1);
    } else close();
  };

  // A search made while the list was loading runs once the list has arrived.
  useEffect(() => {
    if (loading || pending === null) return;
    setPending(null);
    runSearch(pending);
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) {
        setOpen(false);
        setActive(-1);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter while an IME is composing Chinese confirms the characters, not the search (Safari reports
    // that last keydown with keyCode 229 and isComposing already false).
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!expanded) setOpen(true);
      setActive((index) => (index < 0 ? (step > 0 ? 0 : count - 1) : (index + step + count) % count));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const highlighted = expanded && active >= 0 ? suggestions[active] : undefined;
      if (highlighted) choose(highlighted);
      else runSearch(text);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') close();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    runSearch(text);
  };

  const clear = () => {
    setText('');
    close();
    setPending(null);
    setValidation({ state: 'idle' });
    onClear();
    input.current?.focus();
  };

  const invalid = validation.state === 'invalid';
  return (
    <div ref={root} className="company-search">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is missing before Safari 17 (and in jsdom); the role keeps the landmark everywhere. */}
      <form className="company-search__row" role="search" aria-label="公司查询" onSubmit={onSubmit}>
        <div className={`company-search__field company-search__field--${validation.state}`}>
          <input
            ref={input}
            data-testid="company-search-input"
            className="company-search__input"
            type="text"
            role="combobox"
            aria-label="公司名称或股票代码"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && active >= 0 ? optionId(listboxId, active) : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={messageId}
            aria-busy={loading || undefined}
            placeholder="输入公司名称或股票代码"
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(event.target.value.trim() !== '');
              setActive(-1);
              setPending(null);
              if (validation.state !== 'idle') setValidation({ state: 'idle' });
            }}
            onKeyDown={onKeyDown}
          />
          {text && (
            <button type="button" className="company-search__clear" aria-label="清除输入" onClick={clear}>
              ×
            </button>
          )}
          {expanded && (
            <SearchSuggestions
              id={listboxId}
              suggestions={suggestions}
              query={text}
              active={active}
              onHover={setActive}
              onChoose={choose}
            />
          )}
        </div>
        <button type="submit" className="company-button company-button--primary">
          查询
        </button>
        <button
          type="button"
          className="company-button"
          aria-haspopup="dialog"
          title="浏览全部公司"
          onClick={() => {
            close();
            setModalOpen(true);
          }}
        >
          列表
        </button>
      </form>
      <p
        id={messageId}
        className={`company-search__message company-search__message--${validation.state}`}
        role="status"
      >
        {validation.state === 'validating' && '正在加载公司列表，稍后自动查询…'}
        {(validation.state === 'valid' || validation.state === 'invalid') && validation.message}
      </p>
      {error && (
        <div className="company-search__load-error" role="alert">
          <span>{error}</span>
          {onRetry && (
            <button type="button" className="company-button company-button--small" onClick={onRetry}>
              重试
            </button>
          )}
        </div>
      )}
      <CompanyListModal open={modalOpen} current={current} onClose={() => setModalOpen(false)} onPick={choose} />
    </div>
  );
}
