import { useState } from 'react';
import { useWatchlist } from './use-watchlist.ts';
import { watchlistStore } from './watchlist-store.ts';
import './WatchlistStar.css';

/**
 * The report header's star: adds the company to the signed-in user's 自选 or takes it off. The edit is
 * queued in the sync outbox at once (offline too) and pushed when the connection allows. Signed out, the
 * star is shown disabled with what it needs.
 */
export function WatchlistStar({ company }: { readonly company: string | null }) {
  const { user, entries } = useWatchlist();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const watched = entries?.some((entry) => entry.code === company) ?? false;
  const label = !user ? '登录后可加入自选' : watched ? '已自选' : '加自选';

  const toggle = async () => {
    if (!company) return;
    setBusy(true);
    setError(null);
    try {
      await watchlistStore.toggle(company);
    } catch {
      setError('自选未能保存，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="watchlist-star">
      <button
        type="button"
        className={watched ? 'watchlist-star__button is-watched' : 'watchlist-star__button'}
        data-testid="watchlist-toggle"
        aria-pressed={watched}
        disabled={!user || !company || busy || entries === null}
        title={user ? (watched ? '从自选中移除' : '加入自选') : '登录后可加入自选'}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true" className="watchlist-star__icon">
          {watched ? '★' : '☆'}
        </span>
        {label}
      </button>
      {error && (
        <span className="watchlist-star__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
