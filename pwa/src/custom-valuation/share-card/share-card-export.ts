import { REPORT_FONT_FILE } from '@fcf/engine/pdf';
import { datedFileName, saveBlob } from '../../lib/save-file.ts';
import type { ShareCard } from './share-card.ts';
import { CARD_FONT_FAMILY, CARD_HEIGHT, CARD_WIDTH, drawShareCard } from './share-card-draw.ts';

export const SHARE_FAILED_MESSAGE = '分享卡片生成失败';

export type ShareOutcome = 'shared' | 'downloaded' | 'cancelled';

function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob returned no image'))), 'image/png');
  });
}

let fontLoad: Promise<void> | null = null;

/** The PDF's Chinese font (precached by the service worker), for the canvas; a failure only costs glyphs. */
function loadCardFont(): Promise<void> {
  fontLoad ??= new FontFace(CARD_FONT_FAMILY, `url(/fonts/${REPORT_FONT_FILE})`)
    .load()
    .then((face) => void document.fonts.add(face))
    .catch((error: unknown) => console.warn('share card font unavailable', error));
  return fontLoad;
}

/** The card as a PNG file named `{company}_估值卡片_{date}.png`. */
export async function shareCardFile(card: ShareCard, company: string, date: Date): Promise<File> {
  await loadCardFont();
  const canvas = document.createElement('canvas');
  canvas.width = CARD_WIDTH;
  canvas.height = CARD_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  drawShareCard(context, card);
  return new File([await pngOf(canvas)], datedFileName(company, '估值卡片', date, 'png'), { type: 'image/png' });
}

/**
 * Hands the card to the system share sheet (WeChat, albums…) where the browser can share files, and
 * downloads it otherwise. A share the reader cancels is not an error.
 */
export async function shareOrDownload(file: File, title: string): Promise<ShareOutcome> {
  const data: ShareData = { files: [file], title };
  if (typeof navigator.share === 'function' && navigator.canShare?.(data)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (not allowed here, …): the file is still the reader's, as a download.
    }
  }
  saveBlob(file, file.name);
  return 'downloaded';
}
