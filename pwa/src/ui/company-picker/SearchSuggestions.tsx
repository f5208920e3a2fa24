import type { CompanyListItem } from '@fcf/engine/contract';

export const optionId = (listboxId: string, index: number) => `${listboxId}-option-${index}`;

/** The part of `text` that matches the typed query, marked (case-insensitive, first occurrence). */
function Highlighted({ text, query }: { text: string; query: string }) {
  const wanted = query.trim().toLowerCase();
  const at = wanted ? text.toLowerCase().indexOf(wanted) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + wanted.length)}</mark>
      {text.slice(at + wanted.length)}
    </>
  );
}

/** The combobox's listbox; the input keeps focus, so options are chosen with a click or Enter. */
export function SearchSuggestions(props: {
  id: string;
  suggestions: readonly CompanyListItem[];
  query: string;
  active: number;
  onHover: (index: number) => void;
  onChoose: (company: CompanyListItem) => void;
}) {
  const { id, suggestions, query, active, onHover, onChoose } = props;
  return (
    <div id={id} className="company-search__suggestions" role="listbox" aria-label="公司建议">
      {suggestions.map((company, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection runs through the combobox input (aria-activedescendant).
        <div
          key={company.id}
          id={optionId(id, index)}
          role="option"
          tabIndex={-1}
          aria-selected={index === active}
          className={`company-search__option${index === active ? ' company-search__option--active' : ''}`}
          // Keeps focus (and the on-screen keyboard) on the input while the option is pressed.
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onHover(index)}
          onClick={() => onChoose(company)}
        >
          <span className="company-search__option-name">
            <Highlighted text={company.name} query={query} />
          </span>
          {company.code && (
            <span className="company-search__option-code">
              <Highlighted text={company.code} query={query} />
            </span>
          )}
          <span className="company-search__option-industry">{company.industry}</span>
        </div>
      ))}
    </div>
  );
}
