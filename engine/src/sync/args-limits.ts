/**
 * Bounds on a pushed mutation's arguments, checked before anything else reads them (docs/sync.md
 * "Push"): arguments nested thousands deep would overflow the stack of whatever walks them recursively
 * (JSON.stringify, a deep comparison). Every real mutation's arguments nest at most 3 deep (a
 * scenario's inputs) and take under 500 characters as JSON.
 */
export const MAX_ARGS_DEPTH = 8;
export const MAX_ARGS_CHARS = 2048;

/**
 * Why `args` cannot be any mutation's arguments (nested too deep, too long), naming the field; null when
 * they are within the bounds. Walks without recursion and stops at the first level too deep, so any input
 * is safe to check.
 */
export function argsLimitProblem(args: unknown): string | null {
  const pending: { value: unknown; depth: number }[] = [{ value: args, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth > MAX_ARGS_DEPTH) return `args 嵌套过深（最多 ${MAX_ARGS_DEPTH} 层）`;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth: next.depth + 1 });
  }
  // Bounded depth: stringifying is safe now.
  const length = JSON.stringify(args ?? null).length;
  return length > MAX_ARGS_CHARS ? `args 过长（${length} 个字符，最多 ${MAX_ARGS_CHARS}）` : null;
}
