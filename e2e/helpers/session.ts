import { expect, type Page } from '@playwright/test';
import { signIn } from './adminApi';

/** Fills and sends the login form on the current /@login page. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Sähköposti').fill(email);
  await page.getByRole('textbox', { name: 'Salasana', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
}

/**
 * Signs the page in as the demo admin through the API (the login form has its own journey,
 * auth.spec.ts) and opens `landing`: the dashboard by default, whose heading it waits for.
 * Another landing is opened as `page.goto` would, so a journey that starts elsewhere does not
 * load the dashboard first.
 */
export async function loginAsAdmin(page: Page, landing = '/'): Promise<void> {
  await signIn(page.request);
  await page.goto(landing);
  if (landing !== '/') return;
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
