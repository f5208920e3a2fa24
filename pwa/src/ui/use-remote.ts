import { useCallback, useEffect, useRef, useState } from 'react';

export interface Remote<Data> {
  readonly data: Data | null;
  readonly error: string | null;
  readonly loading: boolean;
  reload(): void;
}

/**
 * Data from one call, loaded on mount and on reload(). What was shown stays during a reload (no flash of
 * emptiness), and only the latest call's answer lands, so a slow early answer cannot overwrite a newer one.
 */
export function useRemote<Data>(load: () => Promise<Data>, describeError: (error: unknown) => string): Remote<Data> {
  const [state, setState] = useState<{ data: Data | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const latest = useRef(0);
  const calls = useRef({ load, describeError });
  useEffect(() => {
    calls.current = { load, describeError };
  });

  const reload = useCallback(() => {
    const call = ++latest.current;
    setState((current) => ({ ...current, loading: true }));
    calls.current.load().then(
      (data) => call === latest.current && setState({ data, error: null, loading: false }),
      (error: unknown) =>
        call === latest.current &&
        setState((current) => ({ ...current, error: calls.current.describeError(error), loading: false })),
    );
  }, []);

  useEffect(() => {
    reload();
    return () => {
      latest.current += 1;
    };
  }, [reload]);

  return { ...state, reload };
}
