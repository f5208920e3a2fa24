import type { ModelId } from './model-types.ts';

/**
 * Each model's Chinese name (the registry's `name`): here, in a module of its own, so that a screen names a
 * model without loading the models or their formulas.
 */
export const MODEL_NAMES: Readonly<Record<ModelId, string>> = {
  fcff: '自由现金流折现（FCFF）',
  excess_return: '超额收益模型（剩余收益）',
  story: '故事估值模型（十年FCFF）',
};
