import { useState } from 'react';
import { clampPage, pageCount, pageSlice } from './pagination.ts';

export interface Paged<Item> {
  readonly rows: readonly Item[];
  readonly page: number;
  readonly pageCount: number;
  readonly pageSize: number;
  readonly total: number;
  setPage(page: number): void;
  setPageSize(size: number): void;
}

/**
 * One page of `items`. The page is clamped on every render rather than reset in an effect, so a list that
 * shrinks (a search, a delete) never shows an empty page, not even for one frame.
 */
export function usePaged<Item>(items: readonly Item[], initialPageSize: number): Paged<Item> {
  const [wantedPage, setPage] = useState(1);
  const [pageSize, setSize] = useState(initialPageSize);
  const page = clampPage(wantedPage, items.length, pageSize);
  return {
    rows: pageSlice(items, page, pageSize),
    page,
    pageCount: pageCount(items.length, pageSize),
    pageSize,
    total: items.length,
    setPage,
    setPageSize: (size) => {
      setSize(size);
      setPage(1);
    },
  };
}
