import { useCallback, useEffect, useState } from 'react';
import { activeUploads, markNewUploads, type NewUploads, readNewUploads } from './new-uploads.ts';

/** The companies marked 新上传, each dropped when its 300 s run out. */
export function useNewUploads(): { marks: NewUploads; mark(names: readonly string[]): void } {
  const [marks, setMarks] = useState<NewUploads>(() => readNewUploads(Date.now()));
  useEffect(() => {
    if (marks.size === 0) return;
    const firstEnd = Math.min(...marks.values());
    const timer = setTimeout(() => setMarks((current) => activeUploads(current, Date.now())), firstEnd - Date.now());
    return () => clearTimeout(timer);
  }, [marks]);
  const mark = useCallback((names: readonly string[]) => {
    setMarks((current) => markNewUploads(current, names, Date.now()));
  }, []);
  return { marks, mark };
}
