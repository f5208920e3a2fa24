/**
 * `T` without its readonly modifiers, all the way down: a schema's output is mutable while the model's
 * types are readonly, and that difference is not a difference of shape.
 */
export type Writable<T> = T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
