import { expect, test } from '@playwright/test';
import { FILTER_MAX_CONDITIONS } from '../src/shared/constants';
import { filterToParam } from '../src/shared/filter/normalize';
import type { Filter } from '../src/shared/filter/types';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin } from './helpers/session';

// Resource limits: the filter editor stops adding conditions at the cap the
// server enforces, and a longer filter from a link shows the server's Finnish refusal.

const LIMIT_TEXT = 'Rajauksessa voi olla enintään 50 ehtoa';
const conditions = (n: number): Filter => Array.from({ length: n }, (_, i) => ({ field: 'lastname', verb: 'not_contains', value: `raja${i}` }));
const listUrl = (filter: Filter) => `/members?filter=${filterToParam(filter)}`;

test.describe.configure({ timeout: 90_000 });

test('the filter editor stops at 50 conditions, and a longer filter gets a Finnish message', async ({ page }) => {
  await loginAsAdmin(page, listUrl(conditions(FILTER_MAX_CONDITIONS - 1)));
  const editor = page.getByTestId('filter-editor');
  await expect(editor.getByTestId('filter-row')).toHaveCount(FILTER_MAX_CONDITIONS - 1);
  const add = editor.getByRole('button', { name: 'Lisää ehto', exact: true });
  await expect(add).toBeEnabled();
  // An OR-group takes two (the group and its first condition): no room for one.
  await expect(editor.getByRole('button', { name: 'Lisää TAI-ryhmä' })).toBeDisabled();
  await add.click();
  await expect(editor.getByTestId('filter-row')).toHaveCount(FILTER_MAX_CONDITIONS);
  await expect(add).toBeDisabled();
  await expect(editor.getByTestId('filter-limit')).toHaveText(new RegExp(LIMIT_TEXT));
  await expectAccessible(page, 'member list, filter at its cap');

  await page.goto(listUrl(conditions(FILTER_MAX_CONDITIONS + 1)));
  await expect(page.getByRole('alert').filter({ hasText: LIMIT_TEXT })).toBeVisible();
  await expectAccessible(page, 'member list, filter over its cap');
});
