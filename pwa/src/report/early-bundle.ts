import { getToken } from '../api/session.ts';

/** The path of a company's bundle; the server takes a name as well as a code. */
export function bundlePath(company: string): string {
  return `/api/data/company-bundle/${encodeURIComponent(company)}`;
}

/** The path of a company's latest quote; the server takes a name as well as a code. */
export function quotePath(company: string): string {
  return `/api/data/quotes/${encodeURIComponent(company)}`;
}

/** The early answers: the company's bundle and its latest quote. */
export interface EarlyAnswers {
  readonly bundle: Promise<Response>;
  readonly quote: Promise<Response>;
}

let early: { readonly company: string; readonly answers: EarlyAnswers } | null = null;

function ask(path: string, headers: Record<string, string>): Promise<Response> {
  const response = fetch(path, { headers });
  // A failure is seen by the one who takes it, not as an unhandled rejection meanwhile.
  response.catch(() => undefined);
  return response;
}

/**
 * Asks for the bundle and the latest quote of the company a first visit opens with, by the name in the
 * link, as soon as the page's code runs: the answers then come while the first screen is drawn, instead of
 * after the company list and the market's quotes were read into the offline copy. They are checked where
 * they are used (report-loader.ts).
 */
export function askBundleEarly(company: string): void {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  early = { company, answers: { bundle: ask(bundlePath(company), headers), quote: ask(quotePath(company), headers) } };
}

/** Whether the early answers asked for are this company's (takeEarlyBundle then gives them). */
export function hasEarlyBundle(company: string): boolean {
  return early?.company === company;
}

/** The early answers for this company, once (a refresh or another company asks again). */
export function takeEarlyBundle(company: string): EarlyAnswers | null {
  const taken = early?.company === company ? early.answers : null;
  early = null;
  return taken;
}
