import { companyFacts } from './company-facts.ts';
import { EXCESS_RETURN_MODEL } from './excess-return-model.ts';
import { FCFF_MODEL } from './fcff-model.ts';
import type { ModelContext, ModelFit, ModelId, ModelInput, ModelResult, ValuationModel } from './model-types.ts';
import { STORY_MODEL } from './story-model.ts';

/**
 * The model registry (docs/model.md): every model the platform values with, in the order the 估值模型 page
 * lists them. The report, the custom page, the screener, the PDF, the xlsx export and the API choose through it.
 */
export const VALUATION_MODELS: readonly ValuationModel[] = [FCFF_MODEL, EXCESS_RETURN_MODEL, STORY_MODEL];

const MODELS_BY_ID: Readonly<Record<ModelId, ValuationModel>> = {
  fcff: FCFF_MODEL,
  excess_return: EXCESS_RETURN_MODEL,
  story: STORY_MODEL,
};

export function modelById(id: ModelId): ValuationModel {
  return MODELS_BY_ID[id];
}

/** Every model with whether it fits the company (and why not). */
export function modelFits(context: ModelContext): { readonly model: ModelId; readonly fit: ModelFit }[] {
  return VALUATION_MODELS.map((model) => ({ model: model.id, fit: model.fits(context) }));
}

/**
 * The model a company is valued by when nobody chooses: the FCFF for a non-financial company with full
 * statements (the product's default), excess returns for banks, insurers, brokers and companies with only
 * financial summaries (null when it does not fit them: never the FCFF), and otherwise whichever of the two
 * fits. The story model is chosen, never a default. Null when none fits.
 */
export function preferredModel(context: ModelContext): ModelId | null {
  const facts = companyFacts(context);
  // A bank, insurer, broker or summary-only company is never presented as an FCFF DCF.
  const order: readonly ValuationModel[] =
    facts.classification.kind === 'financial' || facts.summaryOnly
      ? [EXCESS_RETURN_MODEL]
      : [FCFF_MODEL, EXCESS_RETURN_MODEL];
  return order.find((model) => model.fits(context).fits)?.id ?? null;
}

/** Values the company with model `id` (see ValuationModel.value). */
export function valueWithModel(id: ModelId, input: ModelInput): ModelResult {
  return modelById(id).value(input);
}
