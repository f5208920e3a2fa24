import { useOnline } from '../../ui/use-online.ts';
import './OfflineIndicator.css';

/** Shown only while offline: the reader knows the figures come from the offline copy. */
export function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-indicator" role="status" data-testid="offline-indicator">
      离线模式：正在显示已缓存的数据
    </div>
  );
}
