import { getToken } from '../api/session.ts';

/** The path of a company's bundle; the server takes a name as well as a code. */
export function bundlePath(company: string): string {
  return `/api/data/company-bundle/${encodeURIComponent(company)}`;
}

let early: { readonly company: string; readonly response: Promise<Response> } | null = null;

/**
 * Asks for the bundle of the company a first visit opens with, by the name in the link, as soon as the
 * page's code runs: the answer then comes while the first screen is drawn, instead of after the company
 * list was read and searched. Its answer is checked where it is used (report-loader.ts).
 */
export function askBundleEarly(company: string): void {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = fetch(bundlePath(company), { headers });
  // A failure is seen by the one who takes it, not as an unhandled rejection meanwhile.
  response.catch(() => undefined);
  early = { company, response };
}

/** The early answer for this company, once (a refresh or another company asks again). */
export function takeEarlyBundle(company: string): Promise<Response> | null {
  const taken = early?.company === company ? early.response : null;
  early = null;
  return taken;
}
