/**
 * Resolves when the browser is idle (at the latest after `timeout` ms; at once where it cannot tell), so work
 * that can wait, such as writing the offline copy, does not compete with drawing the page.
 */
export function whenIdle(timeout = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 0);
  });
}
