/** What a manager reports to the menu centre's status card. */
export type LoadState = 'loading' | 'ready' | 'error';

export interface ListStatus {
  readonly state: LoadState;
  readonly count: number;
}

export type OnListStatus = (status: ListStatus) => void;
