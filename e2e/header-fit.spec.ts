import { expect, test } from '@playwright/test';
import { saveEclaim } from './helpers/settings';
import { signIn } from './helpers/adminApi';
import { loginAsAdmin } from './helpers/session';

// With every area in use (messages, invoices, expense claims) the header's menu row must stay
// on one line at laptop widths: nothing cut off on the right, the user menu reachable. Below
// the row's breakpoint (1200 px) the menu moves behind the burger; the user's name shows from 1408 px.

test('the header menu fits one line at laptop widths, messages under "Viestit"', async ({ page, request }) => {
  const api = await signIn(request);
  await saveEclaim(api, { eclaim_enabled: true });

  for (const width of [1280, 1200]) {
    await page.setViewportSize({ width, height: 800 });
    await loginAsAdmin(page);
    const nav = page.getByRole('navigation', { name: 'Päävalikko' });
    await expect(nav.getByRole('link', { name: 'Kulukorvaukset' })).toBeVisible();
    const header = page.locator('header');
    const overflow = await header.evaluate((el) => [...el.querySelectorAll('*')].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1));
    expect(overflow, `nothing in the header reaches past the right edge at ${String(width)} px`).toBe(false);
    await expect(page.getByRole('banner').getByRole('button', { name: /valikko/i }).last()).toBeInViewport({ ratio: 1 });

    const messages = nav.getByRole('button', { name: 'Viestit' });
    await messages.focus();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Päivityspyynnöt' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Päivityspyynnöt' })).toBeHidden();
    await expect(messages).toBeFocused();
  }

  // Narrower, the menu is behind the burger and nothing overflows either.
  await page.setViewportSize({ width: 1024, height: 800 });
  await loginAsAdmin(page);
  const burger = page.getByRole('button', { name: 'Näytä tai piilota valikko' });
  await expect(burger).toBeVisible();
  const overflow = await page.locator('header').evaluate((el) => [...el.querySelectorAll('*')].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1));
  expect(overflow).toBe(false);
  await burger.click();
  await expect(page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Päivityspyynnöt' })).toBeVisible();
});
