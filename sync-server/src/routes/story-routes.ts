import { STORY_OPTIONAL_DEFAULTS, type StoryInputs, storyInputIssues, storyValuation } from '@fcf/engine';
import { storyAnswer, storyBody } from '@fcf/engine/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { inputRefused } from '../forecast/forecast-error.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';

/** The story model as a public calculator: no company, nothing stored (docs/model.md, the story model). */
export const storyRoutes = new Hono<AppEnv>().post(
  '/valuation/story',
  documented({
    tag: 'valuation',
    summary: '故事估值计算器：按十年FCFF结构（Damodaran 估值表）由输入的参数计算，不涉及公司，不保存',
    description:
      '比率为小数，金额为任一单位（各金额同一单位），总股本与金额的单位相配；probability_of_failure 与 distress_proceeds 可不填（为 0）。' +
      '参数超出范围、利润率收敛年份不在 1–10、永续期资本成本不大于永续增长率时答 400，message 指出字段。',
    answers: { 200: storyAnswer },
  }),
  jsonBody(storyBody),
  (c) => {
    const inputs: StoryInputs = { ...STORY_OPTIONAL_DEFAULTS, ...c.req.valid('json') };
    // The engine's one check, as on every door (the same words as the model on a company's page).
    const issues = storyInputIssues(inputs);
    if (issues.length > 0) throw inputRefused(issues);
    return c.json({ success: true, data: storyValuation(inputs), message: '计算完成（未保存）' });
  },
);
