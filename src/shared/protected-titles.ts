/**
 * The titles of the Licensed Guide Interpreter Act and their look-alikes, who may use them, and the
 * check every text shown about a person passes before it is saved (decisions 092 and 099). Matched
 * on a skeleton (`title-skeleton.ts`), so invisible characters, look-alike letters, width, kana,
 * traditional or Japanese characters and spacing do not hide a title. Server-side: the web app shows
 * the refusal from its locale files with the words the server names.
 */
import type { LicenceKind } from './licences';
import type { Locale } from './locales';
import { titleSkeleton } from './title-skeleton';

/**
 * A protected title and who may use it: `national` only the holder of a verified 全国通訳案内士
 * licence, `regional` only of a 地域通訳案内士 licence, `any` the holder of either.
 */
interface ProtectedTitle {
  term: string;
  scope: 'national' | 'regional' | 'any';
}

/**
 * The titles (and look-alikes) a listing may not use without the verified licence: the Act's own
 * names, the "confusingly similar" ones the Japan Tourism Agency names, and how they are written in
 * simplified and traditional Chinese, in kana and in English. Matched on their skeletons, so
 * "通訳 ガイド", "Certified  Guide", "ｃｅｒｔｉｆｉｅｄ guide", 通譯案內士 and "Licеnsed" (Cyrillic е)
 * count too. Decision 092 records why each is here and what was left out, decision 099 the kana.
 */
export const PROTECTED_TITLES: readonly ProtectedTitle[] = [
  // Japanese: the Act's titles and the look-alikes the agency warns about
  { term: '全国通訳案内士', scope: 'national' },
  { term: '全国通訳ガイド', scope: 'national' },
  { term: '地域通訳案内士', scope: 'regional' },
  { term: '通訳案内士', scope: 'any' },
  { term: '通訳案内業', scope: 'any' },
  { term: '通訳案内', scope: 'any' },
  { term: '通訳ガイド', scope: 'any' },
  { term: '認定ガイド', scope: 'any' },
  { term: '公認ガイド', scope: 'any' },
  { term: '国家資格ガイド', scope: 'any' },
  { term: '有資格ガイド', scope: 'any' },
  // The same titles written in kana (a hiragana reading has the katakana skeleton)
  { term: 'ゼンコクツウヤクアンナイシ', scope: 'national' },
  { term: 'チイキツウヤクアンナイシ', scope: 'regional' },
  { term: 'ツウヤクアンナイシ', scope: 'any' },
  { term: 'ツウヤクガイド', scope: 'any' },
  { term: 'ライセンスガイド', scope: 'any' },
  { term: 'ライセンスドガイド', scope: 'any' },
  // Simplified and traditional Chinese
  { term: '全国通译导游', scope: 'national' },
  { term: '全國通譯導遊', scope: 'national' },
  { term: '全国通译案内士', scope: 'national' },
  { term: '地域通译导游', scope: 'regional' },
  { term: '地区通译导游', scope: 'regional' },
  { term: '地域通译案内士', scope: 'regional' },
  { term: '通译案内士', scope: 'any' },
  { term: '通译导游', scope: 'any' },
  { term: '通譯導遊', scope: 'any' },
  { term: '持证导游', scope: 'any' },
  { term: '持證導遊', scope: 'any' },
  { term: '认证导游', scope: 'any' },
  { term: '認證導遊', scope: 'any' },
  { term: '注册导游', scope: 'any' },
  { term: '国家认证导游', scope: 'any' },
  { term: '国家资格导游', scope: 'any' },
  { term: '官方导游', scope: 'any' },
  { term: '持牌导游', scope: 'any' },
  // English (and the romanized titles)
  { term: 'national licensed guide', scope: 'national' },
  { term: 'national guide interpreter', scope: 'national' },
  { term: 'zenkoku tsuyaku annaishi', scope: 'national' },
  { term: 'regional guide interpreter', scope: 'regional' },
  { term: 'chiiki tsuyaku annaishi', scope: 'regional' },
  { term: 'tsuyaku annaishi', scope: 'any' },
  { term: 'tsuuyaku annaishi', scope: 'any' },
  { term: 'licensed guide interpreter', scope: 'any' },
  { term: 'licensed guide', scope: 'any' },
  { term: 'licensed tour guide', scope: 'any' },
  { term: 'government licensed', scope: 'any' },
  { term: 'certified guide', scope: 'any' },
  { term: 'certified tour guide', scope: 'any' },
  { term: 'registered guide', scope: 'any' },
];

/**
 * Each title's skeleton, once: variants that fold to the same skeleton (全國通譯導遊 and 全国通译导游,
 * 通訳案内士 and 通译案内士) keep the first, so a text is told each title once.
 */
const TITLE_SKELETONS = PROTECTED_TITLES.map((t) => ({ ...t, key: titleSkeleton(t.term) })).filter(
  (t, i, all) => all.findIndex((o) => o.key === t.key) === i,
);

/**
 * The protected titles found in `texts` that a guide holding `licence` (the verified kind, or null)
 * may not use, as written in the list (each once, in list order).
 */
export function protectedTitlesIn(texts: readonly string[], licence: LicenceKind | null): string[] {
  const haystack = texts.map(titleSkeleton).join('\u0000');
  const found: { term: string; key: string }[] = [];
  for (const t of TITLE_SKELETONS) {
    if (licence && (t.scope === 'any' || t.scope === licence)) continue;
    if (haystack.includes(t.key)) found.push(t);
  }
  // A longer title found hides the shorter ones it contains (全国通訳案内士 ⊃ 通訳案内士 ⊃ 通訳案内).
  return found.filter((t) => !found.some((other) => other !== t && other.key.includes(t.key))).map((t) => t.term);
}

/**
 * The refusal, in the guide's language: which words, why, and what to do now. An applicant declares
 * the licence in the application itself (`application`); a guide registers it under the guide licence
 * section (`licence`).
 */
export function protectedTitleMessage(
  locale: Locale,
  words: readonly string[],
  where: 'licence' | 'application' = 'licence',
): string {
  if (locale === 'ja') {
    const list = words.map((w) => `「${w}」`).join('、');
    const todo =
      where === 'application'
        ? 'これらの語を削除するか、このページの「通訳案内士の資格」で資格を申告してください（審査で登録を確認します）。'
        : 'これらの語を削除するか、先に「ガイド資格」から資格を提出して審査を受けてください。';
    return `${list}は、通訳案内士法（2018年改正）により、登録を受けた全国通訳案内士または地域通訳案内士（当社が登録を確認した方）だけが使える名称、またはそれと紛らわしい名称です。${todo}`;
  }
  if (locale === 'zh-CN') {
    const list = words.map((w) => `“${w}”`).join('、');
    const todo =
      where === 'application'
        ? '请删除这些词，或在本页的“通訳案内士执照”中申报您的执照（审核时我们会核实登记）。'
        : '请删除这些词，或先在“地陪执照”中提交您的执照供审核。';
    return `${list} 是日本《通訳案内士法》（2018年修订）保护的称号或易混淆的类似称号，只有持有并经我们核实登记的全国通訳案内士或地域通訳案内士才能使用。${todo}`;
  }
  const list = words.map((w) => `"${w}"`).join(', ');
  const todo =
    where === 'application'
      ? 'Remove them, or declare your licence on this page under "Guide licence (通訳案内士)": the review checks its registration.'
      : 'Remove them, or add your licence under "Guide licence" for review first.';
  return `${list}: Japan's Licensed Guide Interpreter Act (as changed in 2018) reserves these titles, and confusingly similar ones, for registered 全国通訳案内士 / 地域通訳案内士 whose registration we have verified. ${todo}`;
}
