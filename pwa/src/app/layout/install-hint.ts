/**
 * When to invite installation: from the second visit on, only when the browser offers installation
 * (beforeinstallprompt), never in the installed app, and never again once dismissed. Visits are counted
 * once per browser session.
 */

export const VISITS_KEY = 'fcf.visits';
export const DISMISSED_KEY = 'fcf.installHintDismissed';
const SESSION_KEY = 'fcf.visitCounted';
export const HINT_FROM_VISIT = 2;

/** The event Chromium fires when the app can be installed (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function storage<Value>(read: () => Value, fallback: Value): Value {
  try {
    return read();
  } catch {
    // Storage blocked (private mode, policy): behave as a first visit that was never dismissed.
    return fallback;
  }
}

/** Counts this visit (once per session) and answers how many visits there have been. */
export function countVisit(): number {
  return storage(() => {
    const visits = Number(localStorage.getItem(VISITS_KEY)) || 0;
    if (sessionStorage.getItem(SESSION_KEY)) return visits;
    sessionStorage.setItem(SESSION_KEY, '1');
    localStorage.setItem(VISITS_KEY, String(visits + 1));
    return visits + 1;
  }, 1);
}

export function hintDismissed(): boolean {
  return storage(() => localStorage.getItem(DISMISSED_KEY) === '1', false);
}

export function dismissHint(): void {
  storage(() => localStorage.setItem(DISMISSED_KEY, '1'), undefined);
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<(event: InstallPromptEvent | null) => void>();

// Registered when the shell loads: the browser may fire the event before any component mounts.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the app asks at the right time instead.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    for (const listener of listeners) listener(deferred);
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    for (const listener of listeners) listener(null);
  });
}

/** The pending install prompt (null when the browser offers none), and its changes. */
export function watchInstallPrompt(listener: (event: InstallPromptEvent | null) => void): () => void {
  listeners.add(listener);
  listener(deferred);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the prompt can be used once. */
export async function promptInstall(event: InstallPromptEvent): Promise<boolean> {
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome === 'accepted';
}
