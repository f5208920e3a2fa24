import type { ModelId } from './model-types.ts';

/**
 * What each model of the registry says of itself beyond its name and description, in Chinese: whom it fits
 * and its formulas (docs/model.md sections 7 and 15 are the long form). The 估值模型 page, the custom page
 * and the model's PDF read these, so a formula is worded once.
 */

/** One formula: what it computes and how, as a reader sees it. */
export interface ModelFormula {
  readonly label: string;
  readonly formula: string;
}

export interface ModelExplanation {
  /** Whom the model fits, and whom not. */
  readonly fits: string;
  readonly notFits: string;
  readonly formulas: readonly ModelFormula[];
}

export const MODEL_EXPLANATIONS: Readonly<Record<ModelId, ModelExplanation>> = {
  fcff: {
    fits: '有完整三张报表的非金融企业（平台默认模型）',
    notFits: '银行、保险、证券等金融企业；仅有财务摘要的公司',
    formulas: [
      { label: '税后经营利润', formula: 'NOPAT = EBIT × (1 − 所得税率)' },
      { label: '企业自由现金流', formula: 'FCFF = NOPAT + 折旧摊销 − 营运资本变动 − 资本开支' },
      {
        label: '加权平均资本成本',
        formula: 'WACC = E/(D+E) × Ke + D/(D+E) × Kd × (1 − t)，Ke = 无风险利率 + β × 股权风险溢价',
      },
      { label: '终值（Gordon）', formula: 'TV = FCFF₅ × (1 + g) / (WACC − g)' },
      { label: '企业价值', formula: 'EV = Σ FCFFₜ / (1 + WACC)ᵗ + TV / (1 + WACC)⁵（t = 1…5）' },
      {
        label: '股权价值',
        formula: '股权价值 = EV + 现金 + 非核心资产 − 有息负债 − 少数股东权益；每股价值 = 股权价值 / 总股本',
      },
    ],
  },
  excess_return: {
    fits: '银行、保险、证券等金融企业，以及仅有财务摘要的公司（有正的归母净资产与ROE）',
    notFits: '净资产为负或为零；既无归母净利润也无加权ROE',
    formulas: [
      {
        label: 'ROE 路径',
        formula: 'ROEₜ = ROE₀ + (ROE∞ − ROE₀) × t / 10（t = 1…10，由常态化ROE线性回归到可持续ROE）',
      },
      { label: '股权成本', formula: 'Ke = 无风险利率 + β（行业） × 股权风险溢价' },
      { label: '净资产与分红', formula: 'BVₜ = BVₜ₋₁ × (1 + g)；g = ROE × (1 − 分红率)，分红率 = 1 − g / ROEₜ' },
      { label: '超额收益', formula: '超额收益ₜ = (ROEₜ − Ke) × BVₜ₋₁，按 (1 + Ke)⁻ᵗ 折现' },
      { label: '终值', formula: 'TV = (ROE∞ − Ke) × BV₁₀ / (Ke − g)，按第10年折现系数折现' },
      { label: '股权价值', formula: '股权价值 = BV₀ + Σ 超额收益现值 + 终值现值；每股价值 = 股权价值 / 总股本' },
      { label: '合理市净率', formula: 'P/B = (ROE − g) / (Ke − g)' },
    ],
  },
  story: {
    fits: '最新年报有完整报表的非金融企业，由使用者讲述自己的故事（不作为默认模型）',
    notFits: '金融企业；最新年度只有财务摘要',
    formulas: [
      { label: '营业收入增长', formula: '第1–5年取设定增长率，第6–10年线性过渡到永续增长率 g' },
      { label: '营业利润率', formula: '利润率ₜ = 今日利润率 + (目标 − 今日) × min(t, n) / n（n 为收敛年份）' },
      { label: '税率', formula: '第1–5年为有效税率，第6–10年线性过渡到边际税率；亏损不纳税并向后结转' },
      { label: '再投资', formula: '再投资ₜ = (营业收入ₜ − 营业收入ₜ₋₁) / 销售额投入资本比；FCFF = NOPAT − 再投资' },
      { label: '资本成本', formula: '第1–5年为初始资本成本，第6–10年线性过渡到永续期资本成本' },
      { label: '终值', formula: 'TV = 永续期 FCFF / (永续期资本成本 − g)，永续期再投资 = g / 永续期ROC × NOPAT' },
      {
        label: '股权价值',
        formula:
          '经营资产 = (Σ PV + 终值现值) × (1 − 失败概率) + 变现所得 × 失败概率；股权价值 = 经营资产 − 有息负债 − 少数股东权益 + 现金 + 非经营性资产',
      },
    ],
  },
};
