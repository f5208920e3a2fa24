import { useEffect, useState } from 'react';
import { isStandalone } from '../../ui/open-page.tsx';
import {
  countVisit,
  dismissHint,
  HINT_FROM_VISIT,
  hintDismissed,
  type InstallPromptEvent,
  promptInstall,
  watchInstallPrompt,
} from './install-hint.ts';
import './InstallHint.css';

/** A quiet invitation to install the app, from the second visit on; 不再提示 hides it for good. */
export function InstallHint() {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [eligible] = useState(() => countVisit() >= HINT_FROM_VISIT && !hintDismissed() && !isStandalone());
  const [closed, setClosed] = useState(false);

  useEffect(() => (eligible ? watchInstallPrompt(setPrompt) : undefined), [eligible]);

  if (!eligible || closed || !prompt) return null;
  const install = async () => {
    setClosed(true);
    if (await promptInstall(prompt)) dismissHint();
  };
  const never = () => {
    dismissHint();
    setClosed(true);
  };
  return (
    <aside className="install-hint" aria-label="安装应用" data-testid="install-hint">
      <span>把估值平台安装到主屏幕，离线也能打开</span>
      <button type="button" className="button button--primary" onClick={install}>
        安装
      </button>
      <button type="button" className="button button--ghost" onClick={never}>
        不再提示
      </button>
    </aside>
  );
}
