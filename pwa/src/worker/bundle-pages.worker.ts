import * as Comlink from 'comlink';
import { keepBundleIndustries, type PageCursor, storeBundlesPage } from '../store/bundle-pages.ts';

/** "离线下载全部"'s pages checked against the contract and stored, off the page's thread (store/offline-download.ts). */
const bundlePagesApi = {
  /** Every company's 行业对比 for the download, given before the worker's first page. */
  giveIndustries(bytes: ArrayBuffer): void {
    keepBundleIndustries(bytes);
  },
  storePage(bytes: ArrayBuffer, onCursor: (cursor: PageCursor) => void): Promise<number> {
    return storeBundlesPage(bytes, onCursor);
  },
};

export type BundlePagesApi = typeof bundlePagesApi;

Comlink.expose(bundlePagesApi);
