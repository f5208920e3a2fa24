import { useSyncExternalStore } from 'react';

/** Mobile layout at 768 px or narrower; the phone steps (shortest titles, lower charts) at 480. */
export const MOBILE_MAX_WIDTH = 768;
export const PHONE_MAX_WIDTH = 480;
/** Tablets: wider than a phone, up to 1024 px (the search bar's suggestion cap). */
export const TABLET_MAX_WIDTH = 1024;

/** Width assumed where there is no window (server rendering): the desktop layout. */
const NO_WINDOW_WIDTH = 1024;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

let width: number | null = null;

/**
 * The window's inner width, read once and again only after a resize: reading `innerWidth` after the page
 * changed lays the page out at once (a forced layout of everything React just drew).
 */
export function viewportWidth(): number {
  if (width === null) {
    if (!listening) {
      // Registered before any component's listener: by the time they are told, the width is read anew.
      listening = true;
      window.addEventListener('resize', forget);
      window.addEventListener('orientationchange', forget);
    }
    width = window.innerWidth;
  }
  return width;
}
let listening = false;
function forget(): void {
  width = null;
}

const readWidth = viewportWidth;
const serverWidth = () => NO_WINDOW_WIDTH;

/** The window's inner width in CSS pixels, re-rendering the caller when it changes. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, readWidth, serverWidth);
}
