import { useCallback, useEffect, useRef, useState } from 'react';

export type MessageKind = 'info' | 'success' | 'error';

export interface PageMessage {
  readonly kind: MessageKind;
  readonly text: string;
  /** Distinguishes two equal messages in a row, so the second restarts the timer. */
  readonly id: number;
}

/** How long a message stays (messages 3 s, errors 6 s). */
const MESSAGE_DURATION_MS: Readonly<Record<MessageKind, number>> = { info: 3000, success: 3000, error: 6000 };

export type Notify = (kind: MessageKind, text: string) => void;

/** The page's one message banner: the newest message replaces the last and hides itself after its time. */
export function useMessage(): { message: PageMessage | null; notify: Notify; dismiss: () => void } {
  const [message, setMessage] = useState<PageMessage | null>(null);
  const counter = useRef(0);
  const notify = useCallback<Notify>((kind, text) => {
    counter.current += 1;
    setMessage({ kind, text, id: counter.current });
  }, []);
  const dismiss = useCallback(() => setMessage(null), []);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_DURATION_MS[message.kind]);
    return () => clearTimeout(timer);
  }, [message]);
  return { message, notify, dismiss };
}
