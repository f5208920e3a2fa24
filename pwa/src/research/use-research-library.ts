import { useCallback, useEffect, useState } from 'react';
import { loadResearchLibrary, type ResearchLibrary } from './research-store.ts';

export interface ResearchLibraryState {
  readonly library: ResearchLibrary | null;
  readonly loading: boolean;
  readonly error: string | null;
  reload(): void;
}

/** The library, loaded on mount and again when the connection comes back. */
export function useResearchLibrary(): ResearchLibraryState {
  const [library, setLibrary] = useState<ResearchLibrary | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  useEffect(() => {
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [reload]);

  useEffect(() => {
    let live = true;
    // Bumps the effect on reload.
    void attempt;
    setLoading(true);
    loadResearchLibrary().then(
      (loaded) => {
        if (!live) return;
        setLibrary(loaded);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(failure instanceof Error ? failure.message : '研究报告加载失败');
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  return { library, loading, error, reload };
}
