// The page joined around its nonce is one valid gzip member, wherever the nonce's places are.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NoncedPage } from './nonced-page';

const PLACE = 'NONCE_HERE';

describe('a page deflated around its nonce', () => {
  it('decodes to the page with the nonce in every place, the ends and empty stretches included', () => {
    for (const html of ['', PLACE, `${PLACE}${PLACE}`, `<p nonce="${PLACE}">${'light '.repeat(500)}</p>${PLACE}`, 'no place at all']) {
      const page = new NoncedPage(html, PLACE);
      for (const nonce of ['', 'n0nce+/=', 'x'.repeat(70_000)]) {
        const expected = html.replaceAll(PLACE, nonce);
        expect(page.text(nonce)).toBe(expected);
        // gunzip checks the trailer's CRC and length as well.
        expect(gunzipSync(page.gzip(nonce)).toString()).toBe(expected);
      }
    }
  });
});
