import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';

// The journeys' accessibility check, checked itself: run in the page (not finished in a blank
// one) and working out only violations, it must still fail on serious and critical ones,
// also inside a same-origin frame, and pass a page without them.

const page = (body: string) => `<!doctype html><html lang="fi"><head><title>Testi</title></head><body><main><h1>Otsikko</h1>${body}</main></body></html>`;

test('the axe check fails on serious and critical violations and passes a clean page', async ({ page: browserPage }) => {
  await browserPage.setContent(page('<p>Hyvä teksti.</p><button type="button">Tallenna</button>'));
  await expectAccessible(browserPage, 'puhdas sivu');

  // An image without alt text (critical) and grey on white (serious).
  await browserPage.setContent(page('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#bbb;background:#fff">Haalea teksti</p>'));
  const failure = await expectAccessible(browserPage, 'virheellinen sivu').then(
    () => null,
    (error: unknown) => String(error),
  );
  expect(failure).toContain('image-alt');
  expect(failure).toContain('color-contrast');

  // A button without a name inside a same-origin frame.
  await browserPage.setContent(page('<iframe title="Kehys" srcdoc="<!doctype html><html lang=fi><body><button></button></body></html>"></iframe>'));
  await expect.poll(() => browserPage.frames().length).toBe(2);
  const inFrame = await expectAccessible(browserPage, 'kehys').then(
    () => null,
    (error: unknown) => String(error),
  );
  expect(inFrame).toContain('button-name');
});
