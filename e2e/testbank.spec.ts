import { expect, test } from '@playwright/test';
import { signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';

// The built-in test bank (no Paytrail credentials): its page is reachable by keyboard, labelled
// as a test, and its buttons finish the payment through the signed callback and redirect.

interface Charge {
  href: string;
  amount: number;
  test: boolean;
  providers: { name: string }[];
}

test('a balance purchase is cancelled, then paid, in the test bank', async ({ page }) => {
  const api = await signIn(page.request);
  const before = await api.get<{ balance_cents: number }>('balance');
  const { mooney_id: mid } = await api.post<{ mooney_id: string }>('balance/buy', { amount: '50' });

  const first = await api.post<Charge>('mooney/charge', { mid });
  expect(first).toMatchObject({ amount: 5000, test: true, providers: [{ name: 'Testipankki' }] });
  const firstUrl = new URL(first.href);
  await page.goto(firstUrl.pathname + firstUrl.search);
  await expect(page).toHaveTitle('Testipankki – ei oikea maksu');
  await expect(page.getByRole('heading', { level: 1, name: 'Testipankki – ei oikea maksu' })).toBeVisible();
  await expect(page.getByText('50,00 €')).toBeVisible();
  await expectAccessible(page, 'test bank');
  // Keyboard only: Maksa, then Peruuta.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Maksa' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Peruuta' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/m/failure');
  expect(new URL(page.url()).searchParams.get('checkout-reference')).toBe(`seura-1-${mid}`);
  expect((await api.get<{ balance_cents: number }>('balance')).balance_cents).toBe(before.balance_cents);

  const second = await api.post<Charge>('mooney/charge', { mid });
  const secondUrl = new URL(second.href);
  await page.goto(secondUrl.pathname + secondUrl.search);
  // The redirect carries ?payment=ok, which the app turns into a notice and drops from the
  // address as soon as it runs: the address is caught as the redirect commits, by a wait begun
  // before the click (begun after it, the app had once dropped the address first).
  const thanks = page.waitForURL((u) => u.pathname === '/balance/thanks' && u.searchParams.get('payment') === 'ok', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Maksa' }).click();
  await thanks;
  await expect(page.getByRole('alert').filter({ hasText: 'Maksu onnistui. Kiitos!' })).toBeVisible();
  await expect(page).toHaveURL((u) => u.pathname === '/balance/thanks' && !u.searchParams.has('payment'));
  expect((await api.get<{ balance_cents: number }>('balance')).balance_cents).toBe(before.balance_cents + 5000);
  // Paid: a new charge is refused.
  const again = await page.request.post('/api/1/mooney/charge', {
    data: { mid },
    headers: { 'x-csrftoken': (await page.context().cookies()).find((c) => c.name === 'csrftoken')!.value },
  });
  expect(again.status()).toBe(400);
});
