/**
 * The reasons a pushed mutation is refused. No zod here: the app's first screen reads these (the IndexedDB
 * upgrade moves old rejections), and the schemas of protocol.ts load only with the sync client.
 */

/**
 * Why the server refused a mutation, by stable code, with the Chinese label shown when the server's own
 * message is missing. `transient`: the same edit may succeed later (the company's files are uploaded
 * again, another admin changes WACC, …), so the client offers 重试, which pushes it again as a new
 * mutation on the server's current version; otherwise only 放弃. `internal` (an unexpected failure on
 * the server, rolled back) counts as transient: a retry is the admin's choice and never automatic.
 */
export const REJECTIONS = {
  unknown_company: { transient: true, label: '公司不存在或已被删除' },
  no_history: { transient: true, label: '该公司暂无历史财务数据' },
  year_outside_horizon: { transient: true, label: '年份不在预测期内' },
  growth_not_below_wacc: { transient: true, label: '永续增长率必须低于 WACC' },
  out_of_range: { transient: false, label: '数值超出合理范围' },
  invalid_args: { transient: false, label: '修改内容无效' },
  unknown_mutation: { transient: false, label: '未知的修改类型' },
  id_reused: { transient: true, label: '修改编号已被另一条修改使用' },
  // Transient: the edit passes once its admin (or its owner) is signed in again in this browser.
  admin_only: { transient: true, label: '只有管理员可以修改估值参数' },
  other_user: { transient: true, label: '只能修改自己的自选或估值情景' },
  // Transient: the scenario passes once the user deletes another.
  scenario_limit: { transient: true, label: '估值情景数量已达上限' },
  internal: { transient: true, label: '服务器处理出错，修改未生效' },
} as const satisfies Record<string, { transient: boolean; label: string }>;
export type RejectionCode = keyof typeof REJECTIONS;
export const REJECTION_CODES = Object.keys(REJECTIONS) as [RejectionCode, ...RejectionCode[]];

export function isTransientRejection(code: RejectionCode): boolean {
  return REJECTIONS[code].transient;
}

/** The code of a rejection recorded under schema 1, which kept only the message: read from its wording. */
export function legacyRejectionCode(message: string): RejectionCode {
  if (message.startsWith('未找到公司')) return 'unknown_company';
  if (message.startsWith('只能调整预测年份')) return 'year_outside_horizon';
  if (message.startsWith('未知的修改类型')) return 'unknown_mutation';
  if (message.startsWith('参数错误') || message.startsWith('没有编号') || message.includes('无效的数值')) {
    return 'invalid_args';
  }
  if (message.includes('必须大于永续增长率')) return 'growth_not_below_wacc';
  return message.includes('超出合理范围') ? 'out_of_range' : 'internal';
}
