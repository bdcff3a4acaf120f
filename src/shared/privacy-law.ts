/**
 * The privacy laws the sensitive-data consent names for a person (docs/rules/accounts-and-sessions.md):
 * Japan's Act on the Protection of Personal Information (APPI) for someone who lives in Japan, China's
 * Personal Information Protection Law (PIPL) for someone who lives in China, both where the account
 * shows both. What the account tells of residence: a guide or an applicant lives and works in Japan; a
 * verified +81 number or the Japanese interface points to Japan; a +86 number to China; a traveler
 * with nothing else is read as living in China, where the product's travelers come from.
 * privacy-law.test.ts holds the table.
 */
export type PrivacyLaw = 'appi' | 'pipl';

export function privacyLawsFor(person: {
  isGuide: boolean;
  applying: boolean;
  phone: string | null;
  locale: string | null;
}): PrivacyLaw[] {
  const japan = person.isGuide || person.applying || person.phone?.startsWith('+81') === true || person.locale === 'ja';
  const china = person.phone?.startsWith('+86') === true || (!japan && !person.phone?.startsWith('+81'));
  return [...(japan ? (['appi'] as const) : []), ...(china ? (['pipl'] as const) : [])];
}
