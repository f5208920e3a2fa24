export const POPUP_BLOCKED_MESSAGE = '弹出窗口被浏览器拦截，请允许本站弹出窗口后重试';

/**
 * Opens an app page in a new tab, with an alert when the browser blocks it. ('noopener' is not
 * passed: with it window.open always answers null and a block could not be told apart; the opener link is
 * cut by hand instead.)
 */
export function openInNewTab(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) {
    alert(POPUP_BLOCKED_MESSAGE);
    return false;
  }
  opened.opener = null;
  return true;
}
