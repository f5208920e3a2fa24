import type { ReactNode } from 'react';
import { Pager } from '../ui/Pager.tsx';
import type { Paged } from '../ui/use-paged.ts';

/** The page sizes a back-office list offers; it starts at the first. */
export const LIST_PAGE_SIZES = [10, 20, 50] as const;

/** A back-office list as a table that scrolls inside its own box, with its pager below. */
export function PagedTable({
  scrollClassName,
  tableClassName,
  head,
  paged,
  label,
  unit,
  children,
}: {
  readonly scrollClassName: string;
  readonly tableClassName: string;
  /** The header row. */
  readonly head: ReactNode;
  readonly paged: Paged<unknown>;
  /** The pager's accessible name ('文件列表分页'). */
  readonly label: string;
  readonly unit: string;
  /** The rows of the page shown. */
  readonly children: ReactNode;
}) {
  return (
    <>
      <div className={scrollClassName}>
        <table className={tableClassName}>
          <thead>{head}</thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      <Pager paged={paged} pageSizes={LIST_PAGE_SIZES} label={label} unit={unit} />
    </>
  );
}
