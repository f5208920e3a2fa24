import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, mount, settle, unmountAll } from '../../testing/dom.tsx';
import { InstallHint } from './InstallHint.tsx';
import { DISMISSED_KEY, VISITS_KEY } from './install-hint.ts';

function offerInstall(outcome: 'accepted' | 'dismissed' = 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

const hint = () => document.querySelector('[data-testid="install-hint"]');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => unmountAll());

describe('the install hint', () => {
  it('stays away on the first visit', () => {
    mount(<InstallHint />);
    offerInstall();
    expect(hint()).toBeNull();
    expect(localStorage.getItem(VISITS_KEY)).toBe('1');
  });

  it('offers installation from the second visit, and 安装 opens the browser’s dialog', async () => {
    localStorage.setItem(VISITS_KEY, '1');
    mount(<InstallHint />);
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    click(byText(document, 'button', '安装'));
    await settle();
    expect(event.prompt).toHaveBeenCalled();
    expect(hint()).toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBe('1');
  });

  it('is gone for good after 不再提示', () => {
    localStorage.setItem(VISITS_KEY, '4');
    mount(<InstallHint />);
    offerInstall();
    click(byText(document, 'button', '不再提示'));
    expect(hint()).toBeNull();
    unmountAll();
    sessionStorage.clear();
    mount(<InstallHint />);
    offerInstall();
    expect(hint()).toBeNull();
  });
});
