/**
 * Gives the main thread back to the browser (input, paint) and resumes in a task of its own: a tap that
 * came meanwhile is answered before the work goes on. `scheduler.yield()` where the browser has it (the
 * continuation keeps its place ahead of other queued tasks), else a MessageChannel message, which, unlike
 * `setTimeout(0)`, is not clamped to 4 ms after a few nested calls.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
