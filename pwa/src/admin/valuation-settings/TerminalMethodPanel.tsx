import { TERMINAL_VALUE_METHOD_LABELS, TERMINAL_VALUE_METHODS, type TerminalValueMethod } from '@fcf/engine';
import { useId, useRef, useState } from 'react';
import { useRemote } from '../../ui/use-remote.ts';
import { errorText } from '../admin-messages.ts';
import { type Notice, NoticeLine } from './NoticeLine.tsx';
import { readPlatformSettings, savePlatformSettings } from './settings-api.ts';

/**
 * The platform's default terminal value method (docs/model.md §7): every valuation of the server and of the
 * devices forms its terminal value by it unless a what-if chooses another; the seed's is marked.
 */
export function TerminalMethodPanel() {
  const titleId = useId();
  const settings = useRemote(readPlatformSettings, errorText);
  const [saved, setSaved] = useState<TerminalValueMethod | null>(null);
  const [choice, setChoice] = useState<TerminalValueMethod | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  const current = saved ?? settings.data?.terminal_value_method ?? null;
  const selected = choice ?? current;
  const seed = settings.data?.seed_terminal_value_method ?? null;
  // Marked, not disabled, while there is nothing to save: a disabled button would drop the keyboard's focus.
  const unchanged = saving || selected === current;

  // A choice submitted while a save is on the way is sent after it, never dropped: the server's answer may
  // arrive after the admin has already chosen and submitted again. One request at a time keeps the order.
  const sending = useRef(false);
  const queued = useRef<TerminalValueMethod | null>(null);

  const send = (method: TerminalValueMethod) => {
    sending.current = true;
    setSaving(true);
    setNotice(null);
    savePlatformSettings(method).then(
      (data) => {
        const next = queued.current;
        queued.current = null;
        setSaved(data.terminal_value_method);
        if (next !== null && next !== data.terminal_value_method) {
          send(next);
          return;
        }
        sending.current = false;
        // A choice made since, and not yet submitted, stays chosen.
        setChoice((made) => (made === data.terminal_value_method ? null : made));
        setSaving(false);
        setNotice({ kind: 'success', text: '默认终值方法已保存：此后服务器与各设备的估值均按此方法计算' });
      },
      (error: unknown) => {
        queued.current = null;
        sending.current = false;
        setSaving(false);
        setNotice({ kind: 'error', text: `保存失败：${errorText(error)}` });
      },
    );
  };

  // The radios stay enabled while saving, so a keyboard user's focus stays where it was.
  const save = () => {
    if (selected === null) return;
    if (sending.current) {
      queued.current = selected;
      return;
    }
    if (selected !== current) send(selected);
  };

  return (
    <section className="panel panel--stack valuation-settings__panel" aria-labelledby={titleId}>
      <h2 id={titleId}>默认终值方法</h2>
      {settings.error && <NoticeLine notice={{ kind: 'error', text: settings.error }} />}
      {current === null ? (
        settings.loading && <p role="status">加载中…</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <fieldset className="valuation-settings__methods">
            <legend className="admin-muted">每个答案都写明所用的方法（terminal_value_method）</legend>
            {TERMINAL_VALUE_METHODS.map((method) => (
              <label key={method} className="valuation-settings__method">
                <input
                  type="radio"
                  name="terminal-value-method"
                  value={method}
                  checked={selected === method}
                  onChange={() => setChoice(method)}
                />
                <span>
                  {TERMINAL_VALUE_METHOD_LABELS[method]}
                  {method === seed && <span className="upload-chip">种子默认</span>}
                  {method === current && <span className="upload-chip upload-chip--new">当前</span>}
                </span>
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            className={`button button--primary${unchanged ? ' is-disabled' : ''}`}
            aria-disabled={unchanged}
          >
            {saving ? '保存中…' : '保存'}
          </button>
        </form>
      )}
      {notice && <NoticeLine notice={notice} />}
    </section>
  );
}
