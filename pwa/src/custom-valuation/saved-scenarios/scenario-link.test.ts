import type { ExcessReturnStoredScenario, StoryStoredScenario } from '@fcf/engine/sync';
import { describe, expect, it } from 'vitest';
import { readScenarioLink, SCENARIO_LINK_PARAM, scenarioLinkValue, scenarioShareUrl } from './scenario-link.ts';

const INPUTS = {
  revenue_growth: 0.08,
  target_margin: 0.123456789,
  sales_to_capital: 2.5,
  wacc: 0.085,
  terminal_growth: 0.025,
  tax_rate: 0.15,
};
const scenario = (
  name: string,
  weight: number,
  patch: Partial<StoryStoredScenario['inputs']> = {},
): StoryStoredScenario => ({
  id: `id-${name}`,
  company: '000333',
  name,
  weight,
  model: 'story',
  inputs: { ...INPUTS, ...patch },
});

/** The parameter of a hand-made list of rows, as a tampered link would carry it. */
const encoded = (rows: unknown) =>
  `1.${btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(rows))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}`;

describe('scenarios in a share link', () => {
  it('carry names, weights and inputs there and back, without ids, in URL-safe characters', () => {
    const scenarios = [
      scenario('悲观', 0.25, { revenue_growth: -0.05 }),
      scenario('基准 A', 0.5),
      scenario('乐观', 0.25),
    ];
    const value = scenarioLinkValue(scenarios);
    expect(value).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    // Compact: three scenarios well under 400 characters.
    expect(value.length).toBeLessThan(400);
    const reading = readScenarioLink(value, '000651');
    expect(reading).toEqual({
      kind: 'scenarios',
      scenarios: scenarios.map(({ id: _, ...rest }) => ({
        ...rest,
        company: '000651',
        inputs: { ...rest.inputs, target_margin: 0.123457 },
      })),
    });
  });

  it('carry a bank’s excess-return scenarios (ROE, Ke, g) beside story ones, with their model', () => {
    const bank: ExcessReturnStoredScenario = {
      id: 'bank-bull',
      company: '601398',
      name: '乐观',
      weight: 0.25,
      model: 'excess_return',
      inputs: { normalised_roe: 0.125, cost_of_equity: 0.07, terminal_growth: 0.03 },
    };
    const { id: _bank, ...bankShared } = bank;
    const { id: _story, ...storyShared } = scenario('基准', 0.75);
    expect(readScenarioLink(scenarioLinkValue([bank, { ...storyShared, id: 's' }]), '601398')).toEqual({
      kind: 'scenarios',
      scenarios: [bankShared, { ...storyShared, company: '601398', inputs: { ...INPUTS, target_margin: 0.123457 } }],
    });
  });

  it('put into the page address, beside the company', () => {
    const url = new URL(
      scenarioShareUrl('https://fcf.example/valuation-custom?company=%E7%BE%8E%E7%9A%84%E9%9B%86%E5%9B%A2', [
        scenario('乐观', 1),
      ]),
    );
    expect(url.searchParams.get('company')).toBe('美的集团');
    const reading = readScenarioLink(url.searchParams.get(SCENARIO_LINK_PARAM), '000333');
    expect(reading.kind === 'scenarios' && reading.scenarios[0]?.name).toBe('乐观');
  });

  it('read nothing from a link without them', () => {
    expect(readScenarioLink(null, '000333')).toEqual({ kind: 'none' });
    expect(readScenarioLink('', '000333')).toEqual({ kind: 'none' });
  });

  const row = (name: unknown, weight: unknown, ...inputs: unknown[]) => [
    name,
    weight,
    ...(inputs.length ? inputs : [0.08, 0.12, 2.5, 0.085, 0.025, 0.15]),
  ];
  const invalid: [string, string][] = [
    ['another format', `2.${encoded([row('乐观', 0.5)]).slice(2)}`],
    ['not base64', '1.@@@'],
    ['not JSON', `1.${btoa('not json')}`],
    ['not UTF-8', `1.${btoa('\xff\xfe')}`],
    ['an empty list', encoded([])],
    ['an object', encoded({ name: '乐观' })],
    ['too many', encoded(Array.from({ length: 13 }, () => row('乐观', 0.05)))],
    ['a weight above 100%', encoded([row('乐观', 2)])],
    ['an input out of range', encoded([row('乐观', 0.5, 0.08, 0.12, 2.5, 0.9, 0.025, 0.15)])],
    ['an input missing', encoded([row('乐观', 0.5).slice(0, 7)])],
    ['an input as text', encoded([row('乐观', 0.5, '0.08', 0.12, 2.5, 0.085, 0.025, 0.15)])],
    ['an invisible character', encoded([row('乐\u202E观', 0.5)])],
    ['a name not canonical', encoded([row('ＡＢ', 0.5)])],
    ['a name too long', encoded([row('长'.repeat(41), 0.5)])],
    ['a parameter too long', `1.${'A'.repeat(9000)}`],
    ['an unknown model', encoded([['乐观', 0.5, 'ddm', 0.1, 0.07, 0.03]])],
    [
      'story inputs under excess returns',
      encoded([['乐观', 0.5, 'excess_return', 0.08, 0.12, 2.5, 0.085, 0.025, 0.15]]),
    ],
    ['a ROE out of range', encoded([['乐观', 0.5, 'excess_return', 3, 0.07, 0.03]])],
  ];
  it.each(invalid)('refuse %s, saying so in Chinese', (_, value) => {
    const reading = readScenarioLink(value, '000333');
    expect(reading.kind).toBe('invalid');
    expect(reading.kind === 'invalid' && reading.message).toMatch(/^链接中的估值情景无法读取/);
  });
});
