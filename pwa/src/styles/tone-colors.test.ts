/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PALETTE, rgbHex, TONE_RGB } from '@fcf/engine/report';
import { describe, expect, it } from 'vitest';

// jsdom gives modules an http URL and vitest empties imported CSS: read the sheet from the repository.
const sheet = ['pwa/src/styles/global.css', 'src/styles/global.css'].map((path) => resolve(path)).find(existsSync);
const css = sheet ? readFileSync(sheet, 'utf8') : '';

describe('the colour rule in the stylesheet', () => {
  it('declares --tone-rise and --tone-fall as the colours the charts, PDF and image draw with', () => {
    expect(css).toContain(`--tone-rise: ${rgbHex(TONE_RGB.rise)};`);
    expect(css).toContain(`--tone-fall: ${rgbHex(TONE_RGB.fall)};`);
  });

  it('declares --color-warning as the amber the PDF and the share card draw warnings and stale dates with', () => {
    expect(css).toContain(`--color-warning: ${PALETTE.warning};`);
    expect(css).toContain(`--color-warning-soft: ${PALETTE.warningSoft};`);
  });
});
