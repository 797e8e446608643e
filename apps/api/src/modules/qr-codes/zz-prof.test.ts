import { it } from 'vitest';
import { randomCode } from './qr-codes.codes.ts';
import { labelsPdf } from './qr-codes.pdf.ts';

it('prof', async () => {
  const labels = Array.from({ length: 1000 }, (_, i) => {
    const c = randomCode();
    return {
      code: c,
      url: `http://127.0.0.1:43123/q/${c}`,
      line1: 'ISBN 9780306406157',
      line2: `Chapter ${i}: a rather long title for a label that goes on`,
    };
  });
  const t = performance.now();
  const b = await labelsPdf(labels, '21', 't');
  console.log('pdf', performance.now() - t, b.length);
}, 60000);
