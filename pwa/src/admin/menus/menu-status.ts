import type { FlashControls } from './use-flash-message.ts';

/** What a manager reports to the menu centre's status card. */
export type LoadState = 'loading' | 'ready' | 'error';

export interface ListStatus {
  readonly state: LoadState;
  readonly count: number;
}

export type OnListStatus = (status: ListStatus) => void;

/** What every menu list's model holds besides its items and changes (the manager's frame reads it). */
export interface MenuListModel {
  readonly menus: readonly unknown[];
  readonly state: LoadState;
  readonly loadError: string | null;
  readonly saving: boolean;
  readonly messages: FlashControls;
  reload(): Promise<void>;
}
