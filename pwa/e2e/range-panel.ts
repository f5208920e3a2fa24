import type { UncertaintyView } from '@fcf/engine/report';
import { formatAmount } from '@fcf/engine/report';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The custom page's 价值区间 against the server's answer for the same seed (docs/model.md 16): three scenarios,
 * the weighted value, P10/P50/P90, the rating and the verdict, the histogram drawn and `bars` tornado bars.
 */
export async function expectRangeAsServer(
  page: Page,
  server: Pick<UncertaintyView, 'weighted_value' | 'simulation' | 'rating' | 'verdict'>,
  bars: number,
): Promise<void> {
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('scenario-row').count()).toBe(3);
  expect(await page.getByTestId('weighted-value').textContent()).toBe(formatAmount(server.weighted_value));
  expect(await page.getByTestId('mc-p10').textContent()).toBe(formatAmount(server.simulation.p10));
  expect(await page.getByTestId('mc-p50').textContent()).toBe(formatAmount(server.simulation.p50));
  expect(await page.getByTestId('mc-p90').textContent()).toBe(formatAmount(server.simulation.p90));
  expect(await page.getByTestId('uncertainty-rating').textContent()).toBe(server.rating);
  expect(await page.getByTestId('verdict').textContent()).toBe(server.verdict ?? '无法判断');
  // The chart is drawn when it comes near the viewport.
  await page.getByTestId('mc-histogram').scrollIntoViewIfNeeded();
  await page.getByTestId('mc-histogram').locator('canvas').first().waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('tornado').locator('li').count()).toBe(bars);
}
