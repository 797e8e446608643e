import { PNG } from 'pngjs';

/**
 * The small bar chart of a report mail, drawn pixel by pixel into a PNG in
 * plain JavaScript (pngjs): no canvas, no native binary, no font. Bars only,
 * with a baseline; the figures themselves are in the mail's table beside it,
 * so the image needs no text. Mail clients show it inline (cid:).
 */

export const CHART_WIDTH = 480;
export const CHART_HEIGHT = 140;
const PAD = 8;
const BAR = [0x1c, 0x7e, 0xd6] as const;
const BASE = [0xad, 0xb5, 0xbd] as const;

export function barChartPng(values: number[]): Buffer {
  const png = new PNG({ width: CHART_WIDTH, height: CHART_HEIGHT });
  png.data.fill(0xff);
  const paint = (x0: number, y0: number, x1: number, y1: number, rgb: readonly number[]) => {
    for (let y = Math.max(0, y0); y < Math.min(CHART_HEIGHT, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(CHART_WIDTH, x1); x++) {
        const i = (y * CHART_WIDTH + x) * 4;
        png.data[i] = rgb[0]!;
        png.data[i + 1] = rgb[1]!;
        png.data[i + 2] = rgb[2]!;
        png.data[i + 3] = 0xff;
      }
  };
  const bottom = CHART_HEIGHT - PAD;
  paint(PAD, bottom, CHART_WIDTH - PAD, bottom + 1, BASE);
  const shown = values.slice(-90);
  const max = Math.max(0, ...shown);
  if (shown.length && max > 0) {
    const slot = (CHART_WIDTH - 2 * PAD) / shown.length;
    const gap = slot > 4 ? Math.max(1, Math.floor(slot / 5)) : 0;
    shown.forEach((v, i) => {
      const h = Math.round(((bottom - PAD) * Math.max(0, v)) / max);
      const x0 = Math.round(PAD + i * slot);
      const x1 = Math.max(x0 + 1, Math.round(PAD + (i + 1) * slot) - gap);
      paint(x0, bottom - h, x1, bottom, BAR);
    });
  }
  return PNG.sync.write(png);
}
