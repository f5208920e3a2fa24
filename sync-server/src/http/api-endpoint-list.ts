import { API_TAGS, type ApiDocument, operationsOf } from './openapi.ts';

/**
 * The endpoint list of docs/api.md, written from the OpenAPI document (`npm run docs:api`), so the list a
 * person reads is the routes the server has. A test fails when docs/api.md no longer matches.
 */

export const ENDPOINTS_START = '<!-- endpoints:start (npm run docs:api writes this list) -->';
export const ENDPOINTS_END = '<!-- endpoints:end -->';

const ACCESS_LABELS: Readonly<Record<string, string>> = { public: '公开', 'signed-in': '登录', admin: '管理员' };

/** A markdown table per group of the document: method and path, who may call it, what it does, its statuses. */
export function endpointList(document: ApiDocument): string {
  const rows = new Map<string, string[]>(Object.values(API_TAGS).map((tag) => [tag, []]));
  for (const { method, path, operation } of operationsOf(document)) {
    const tag = operation.tags?.[0] ?? '其他';
    const statuses = Object.keys(operation.responses ?? {}).join(', ');
    const access = ACCESS_LABELS[operation['x-access'] ?? ''] ?? '';
    const row = `| \`${method} ${path}\` | ${access} | ${operation.summary ?? ''} | ${statuses} |`;
    rows.set(tag, [...(rows.get(tag) ?? []), row]);
  }
  const sections = [...rows]
    .filter(([, lines]) => lines.length > 0)
    .map(([tag, lines]) =>
      [`### ${tag}`, '', '| 接口 | 权限 | 说明 | 状态码 |', '| --- | --- | --- | --- |', ...lines].join('\n'),
    );
  return sections.join('\n\n');
}

/** `markdown` with the part between the markers replaced by `list`. */
export function withEndpointList(markdown: string, list: string): string {
  const start = markdown.indexOf(ENDPOINTS_START);
  const end = markdown.indexOf(ENDPOINTS_END);
  if (start === -1 || end < start) throw new Error(`docs/api.md 缺少标记 ${ENDPOINTS_START} … ${ENDPOINTS_END}`);
  return `${markdown.slice(0, start + ENDPOINTS_START.length)}\n\n${list}\n\n${markdown.slice(end)}`;
}
