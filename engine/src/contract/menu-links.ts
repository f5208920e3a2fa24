/**
 * Where a menu item may point: a path on this site or an absolute http(s) URL. The server refuses anything
 * else when a menu is saved; the app applies the same rule before it renders a link.
 */

/**
 * A site path: '/' then printable ASCII only (no space, tab, newline or other control character, which
 * browsers strip: '/\t/evil.example' would open evil.example), and not '//' or '/\' (protocol-relative).
 */
const SITE_PATH = /^\/(?![/\\])[\x21-\x7e]*$/;

/** Whitespace, control and format characters (direction overrides among them) inside a URL. */
const HIDDEN_CHARACTERS = /[\s\p{Cc}\p{Cf}]/u;

export const MENU_LINK_ERROR = '链接必须是站内路径（以 / 开头，不含空格和控制字符）或 http(s) 网址';

/** An http(s) link leaves the app (a new tab); anything else is an in-app route. */
export function isExternalLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

/** `host` or `host:port` (an IPv6 literal in brackets), no user info: 'https://sse.com.cn@evil.example' is not sse. */
const AUTHORITY = /^(?:[^@:/\\[\]]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** An absolute http(s) URL with a host and nothing hidden in it. */
function isWebUrl(link: string): boolean {
  const scheme = /^https?:\/\//i.exec(link);
  if (!scheme || HIDDEN_CHARACTERS.test(link) || link.includes('\\')) return false;
  const rest = link.slice(scheme[0].length);
  const end = rest.search(/[/?#]/);
  return AUTHORITY.test(end === -1 ? rest : rest.slice(0, end));
}

/**
 * Whether a menu may link there.
 *
 * @example
 * isSafeMenuLink('/industry-research');       // true
 * isSafeMenuLink('https://www.sse.com.cn/');  // true
 * isSafeMenuLink('/\t/evil.example');         // false
 * isSafeMenuLink('javascript:alert(1)');      // false
 */
export function isSafeMenuLink(link: string): boolean {
  return SITE_PATH.test(link) || isWebUrl(link);
}
