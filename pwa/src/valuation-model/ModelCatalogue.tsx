import type { ModelCatalogueEntry } from '@fcf/engine/report';
import { useEffect, useState } from 'react';
import { computeCatalogue } from '../worker/engine-client.ts';

function ModelCard({ model }: { model: ModelCatalogueEntry }) {
  return (
    <section className="vm-model" id={`model-${model.id}`} aria-labelledby={`model-${model.id}-title`}>
      <h3 id={`model-${model.id}-title`}>{model.name}</h3>
      <p>{model.description}</p>
      <dl className="vm-facts">
        <div>
          <dt>适用</dt>
          <dd>{model.fits}</dd>
        </div>
        <div>
          <dt>不适用</dt>
          <dd>{model.notFits}</dd>
        </div>
        <div>
          <dt>所需数据</dt>
          <dd>{model.needs.join('；')}</dd>
        </div>
      </dl>
      <h4>公式</h4>
      <dl className="vm-formulas">
        {model.formulas.map((formula) => (
          <div key={formula.label}>
            <dt>{formula.label}</dt>
            <dd>{formula.formula}</dd>
          </div>
        ))}
      </dl>
      <details className="vm-parameters">
        <summary>可调参数及取值范围（{model.parameters.length} 项）</summary>
        <ul>
          {model.parameters.map((parameter) => (
            <li key={parameter.key}>
              <span>{parameter.label}</span>
              <span className="vm-muted">{parameter.range}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** Every model of the registry: what it is, whom it fits, its formulas and its levers with their ranges. */
export function ModelCatalogue() {
  const [catalogue, setCatalogue] = useState<readonly ModelCatalogueEntry[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    // The registry lives in the worker: the page does not carry the models' code.
    computeCatalogue().then(
      (entries) => active && setCatalogue(entries),
      (error: unknown) => active && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      active = false;
    };
  }, []);
  return (
    <section className="vm-catalogue" aria-labelledby="vm-catalogue-title">
      <h2 id="vm-catalogue-title">模型说明</h2>
      {failed ? <p className="report-notice report-notice--error">模型说明加载失败：{failed}</p> : null}
      {catalogue === null && !failed ? (
        <p className="vm-muted" role="status">
          正在加载模型说明…
        </p>
      ) : null}
      {catalogue?.map((model) => (
        <ModelCard key={model.id} model={model} />
      ))}
    </section>
  );
}
