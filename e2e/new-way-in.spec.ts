import type { APIRequestContext } from '@playwright/test';
import { allowConsoleErrors, expect, signIn, signUpByApi, test } from './fixtures';

/**
 * Proof before a new way in (decision 183): a traveler whose sign-in is more than 10 minutes old adds a
 * phone in the profile; the profile asks for the password first, then sends the code, and the owner's
 * e-mail is told of the new way in.
 */

const newNumber = () => `139${String(Date.now() % 1e8).padStart(8, '0')}`;

/** The newest text to the number, once it is there (the click that asks for it returns before it is sent). */
async function texted(request: APIRequestContext, e164: string): Promise<string> {
  let body = '';
  await expect
    .poll(async () => {
      body = (await (await request.get(`/api/dev/sms?to=${encodeURIComponent(e164)}`)).json()).data[0]?.body ?? '';
      return /\d{6}/.test(body);
    })
    .toBe(true);
  return /\d{6}/.exec(body)![0];
}

test("adding a phone asks for the password, and the owner's e-mail is told", async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = await signUpByApi(request, { prefix: 'wayin' });
  await signIn(page, account.username, account.password, 'en');
  // As a session stolen after its sign-in would be: its proof is older than 10 minutes.
  expect((await request.post('/api/dev/sessions/proof-stale', { data: { username: account.username } })).status()).toBe(
    200,
  );

  // The browser logs the refused start (403 reauth_required) that opens the prompt.
  allowConsoleErrors(page, /status of 403/);
  const number = newNumber();
  await page.goto('/profile');
  await expect(page.getByText('No phone number yet.')).toBeVisible();
  const section = page.getByRole('region', { name: 'Phone number' });
  await section.getByRole('combobox', { name: 'Country or region' }).selectOption('CN');
  await section.getByRole('textbox', { name: 'Mobile number' }).fill(number);
  await section.getByRole('button', { name: 'Send code' }).click();

  const prompt = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(prompt).toBeVisible();
  await prompt.getByLabel('Password', { exact: true }).fill(account.password);
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toBeHidden();

  await section.getByLabel('Verification code').fill(await texted(request, `+86${number}`));
  await section.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Phone number saved' })).toBeVisible();

  let mail: { subject: string; textBody: string } | undefined;
  await expect
    .poll(async () => {
      const data = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(account.email)}`)).json())
        .data as { template: string; subject: string; textBody: string }[];
      mail = data.find((m) => m.template === 'way_in_changed');
      return mail !== undefined;
    })
    .toBe(true);
  expect(mail!.subject).toBe('A new way into your Tabi Guides account');
  expect(mail!.textBody).toContain('A phone number was added to your Tabi Guides account');
  expect(mail!.textBody).toContain('/profile');
});
