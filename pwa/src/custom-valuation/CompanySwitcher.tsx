import type { CompanyListItem } from '@fcf/engine/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { loadCompanies } from '../store/companies.ts';
import { CompanyListModal } from '../ui/company-picker/CompanyListModal.tsx';
import { companyListErrorMessage } from '../ui/company-picker/company-list-error.ts';
import { CompanyNotFound } from '../ui/company-picker/find-company.ts';
import { AMBIGUOUS_QUERY_MESSAGE, EMPTY_QUERY_MESSAGE, searchCompany } from '../ui/company-picker/search.ts';
import type { Notify } from '../valuation-editor/use-message.ts';
import './CompanySwitcher.css';

const SAME_COMPANY_MESSAGE = '已是当前公司';

interface CompanySwitcherProps {
  /** The company on screen, or null while none is (loading, not found). */
  readonly current: { readonly code: string; readonly name: string } | null;
  /** What the page was asked for (?company=), shown until a company is on screen. */
  readonly query: string;
  readonly onSwitch: (company: CompanyListItem) => void;
  readonly notify: Notify;
}

/** Switch company by name or code (切换, or Enter), or browse the list (浏览). */
export function CompanySwitcher({ current, query, onSwitch, notify }: CompanySwitcherProps) {
  const inputId = useId();
  const [text, setText] = useState(current?.name ?? query);
  const [browsing, setBrowsing] = useState(false);
  const [busy, setBusy] = useState(false);

  const shownName = current?.name;
  useEffect(() => {
    if (shownName) setText(shownName);
  }, [shownName]);

  const choose = (company: CompanyListItem) => {
    if (current && company.code === current.code) notify('info', SAME_COMPANY_MESSAGE);
    else onSwitch(company);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = text.trim();
    if (!wanted) {
      notify('error', EMPTY_QUERY_MESSAGE);
      return;
    }
    if (current && (wanted === current.name || wanted === current.code)) {
      notify('info', SAME_COMPANY_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      const { value } = await loadCompanies();
      const result = searchCompany(value, wanted, 5);
      if (result.kind === 'selected') choose(result.company);
      else if (result.kind === 'ambiguous') notify('error', `${AMBIGUOUS_QUERY_MESSAGE}（或点击“浏览”选择）`);
      else notify('error', new CompanyNotFound(wanted).message);
    } catch (error) {
      notify('error', `切换失败：${companyListErrorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className="cv-switcher" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          公司名称或股票代码
        </label>
        <input
          id={inputId}
          className="cv-switcher__input"
          type="search"
          placeholder="输入公司名称或股票代码"
          autoComplete="off"
          enterKeyHint="go"
          data-testid="company-search-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          切换
        </button>
        <button type="button" className="button button--ghost" onClick={() => setBrowsing(true)}>
          浏览
        </button>
      </form>
      <CompanyListModal
        open={browsing}
        current={current?.name ?? null}
        onClose={() => setBrowsing(false)}
        onPick={choose}
      />
    </>
  );
}
