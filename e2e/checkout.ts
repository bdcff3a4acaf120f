import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The checkout's forms as a traveler fills them, shared by the journeys that pay: a meeting point the
 * picker knows and the simulated provider's card.
 */

/**
 * A free meeting address (the picker offers Shinjuku Station for it; Escape keeps the text); `shot` is a screenshot's
 * path.
 */
export async function fillMeetingPoint(page: Page, zh: boolean, shot?: string) {
  const address = page.getByRole('combobox', { name: zh ? '集合地址' : 'Meeting address' });
  await address.fill(zh ? '新宿站 东口' : 'Shinjuku Station, East exit');
  await expect(
    page
      .getByRole('listbox', { name: zh ? '车站和景点' : 'Stations and sights' })
      .getByRole('option')
      .first(),
  ).toContainText(zh ? '新宿站' : 'Shinjuku Station');
  if (shot) {
    mkdirSync(path.dirname(shot), { recursive: true });
    await page.screenshot({ path: shot });
  }
  await address.press('Escape');
  await expect(page.getByRole('listbox', { name: zh ? '车站和景点' : 'Stations and sights' })).toBeHidden();
  await expect(address).toHaveValue(zh ? '新宿站 东口' : 'Shinjuku Station, East exit');
  const postal = page.getByLabel(zh ? '邮政编码' : 'Postal code');
  await postal.fill('1600022');
  await expect(postal).toHaveValue('160-0022');
}

/**
 * A place chosen from the picker's list, read in Chinese, for a meeting-place field (`field`, its
 * combobox): `typed` is typed, the option whose name starts with `name` is chosen, and the field holds
 * it with its address.
 */
export async function pickListedPlace(page: Page, field: Locator, typed: string, name: string) {
  await field.fill(typed);
  await page
    .getByRole('listbox', { name: '车站和景点' })
    .getByRole('option', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  await expect(field).toHaveValue(new RegExp(`^${name} · `));
}

/**
 * The simulated provider's card form (4242… succeeds, 4000 0000 0000 0002 is declined), on the page or in a sheet
 * (`page`).
 */
export async function fillCard(page: Page | Locator, zh: boolean, number: string) {
  // A Chinese reader starts on Alipay: choose the card first.
  if (zh) await page.getByRole('radio', { name: '银行卡' }).locator('..').click();
  await page.getByLabel(zh ? '卡号' : 'Card number').fill(number);
  await page.getByLabel(zh ? '有效期（MM/YY）' : 'Expiry (MM/YY)').pressSequentially('1230');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel(zh ? '持卡人姓名' : 'Name on card').fill('Li Wei');
}
