import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18next, i18nReady } from '../lib/i18n';

// The Chinese voice (VOICE.md beside this file), checked on every zh-CN string so it cannot drift back.
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'zh-CN');
const flat = (o: Record<string, unknown>, pre = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? flat(v as Record<string, unknown>, `${pre}${k}.`)
      : typeof v === 'string'
        ? [[`${pre}${k}`, v] as [string, string]]
        : [],
  );
const strings = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) =>
    flat(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, unknown>).map(
      ([k, v]) => [`${f.replace(/\.json$/, '')}:${k}`, v] as const,
    ),
  );

const HAN = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const FULL = '\\u3000-\\u303f\\uff00-\\uffef\\u201c\\u201d\\u2026\\u2014'; // 、。（）：，！？“”…—
const WORD_PLACEHOLDER = '\\{\\{(?:name|guide|date|title|city)\\}\\}';

/** Strings SPEC quotes verbatim that break a rule below: "namespace:key" → the rule it may break. */
const SPEC_VERBATIM: Record<string, string[]> = {
  // The licence badge is quoted by the issue, and 通译导游 is the licence's own title.
  'licences:badge.national': ['向导/导游 (a guide is 地陪)'],
  'licences:badge.regional': ['向导/导游 (a guide is 地陪)'],
};

const rules: [name: string, test: (value: string, key: string) => boolean][] = [
  [
    'half-width brackets next to Chinese (use （）)',
    (v) => new RegExp(`[${HAN}${FULL}]\\s*[()]|[()]\\s*[${HAN}]`).test(v),
  ],
  [
    'half-width , ; : ! ? next to Chinese (use ，；：！？)',
    (v) => new RegExp(`[${HAN}][,;:!?]|[,;!?]\\s*[${HAN}]`).test(v),
  ],
  [
    'a space between two Chinese characters or next to full-width punctuation',
    (v) => new RegExp(`[${HAN}${FULL}] +[${HAN}${FULL}]`).test(v),
  ],
  [
    'a space between Chinese and a name or date placeholder',
    (v) => new RegExp(`[${HAN}${FULL}] +${WORD_PLACEHOLDER}|${WORD_PLACEHOLDER} +[${HAN}${FULL}]`).test(v),
  ],
  // The phone in a traveler's hand.
  [
    'a Latin word touching Chinese without a space (Tabi 日本地陪, PDF 文件)',
    (v) => new RegExp(`[A-Za-z][${HAN}]|[${HAN}][A-Za-z]`).test(v.replace(/\{\{[^}]*\}\}/g, '\u0000')),
  ],
  ['an ASCII ... (use ……)', (v) => v.includes('...')],
  [
    'a half-width comma between Chinese (use 、 in a list, ， in a sentence)',
    (v) => new RegExp(`[${HAN}]\\s*,\\s*[${HAN}]`).test(v),
  ],
  ['a space after a full-width 。，！？、：；', (v) => /[。，！？、：；] /.test(v)],
  ['你 (address the reader as 您)', (v) => v.includes('你')],
  ['向导/导游 (a guide is 地陪)', (v) => /向导|导游(?!资格证)/.test(v)],
  ['an ISO date (write 2026年11月28日)', (v) => /\b\d{4}-\d{2}-\d{2}\b/.test(v)],
  ['a bare ¥ (RMB is 元, yen 日元)', (v) => v.includes('¥') || v.includes('￥')],
  [
    'a keyboard key outside a hintKeyboard string (phones have none)',
    (v, key) => /ctrl|shift|enter|⌘|cmd/i.test(v) && !/hintKeyboard$/.test(key),
  ],
];

describe('the Chinese voice (VOICE.md)', () => {
  it('reads some strings', () => expect(strings.length).toBeGreaterThan(500));

  it.each(rules.map(([name, test]) => [name, test] as const))('has no %s', (name, test) => {
    const offenders = strings
      .filter(([key, value]) => test(value, key) && !SPEC_VERBATIM[key]?.includes(name))
      .map(([key, value]) => `${key}: ${value}`);
    expect(offenders).toEqual([]);
  });

  it('catches what the issue reported', () => {
    const broken = [
      'Sato Yuki需要在',
      '地陪Sato',
      '等待地陪确认...',
      '大阪, 京都',
      '已完成。 在',
      'PDF文件',
      '你的当地时间：{{range}}',
      '遍布日本的本地向导',
      '2026-11-28',
      '{{date}} 的可预约时段',
      '周日 的',
      '10:00–18:00 (日本时间)',
      '按 Ctrl + Enter 发送。',
    ];
    for (const value of broken)
      expect(
        rules.some(([, test]) => test(value, 'x.hint')),
        value,
      ).toBe(true);
    expect(rules.some(([, test]) => test('按 Ctrl + Enter 发送。', 'panel.hintKeyboard'))).toBe(false);
    expect(
      rules.some(([, test]) => test('找到 {{count}} 位地陪，{{date}}（周六）的可预约时段（日本时间）', 'x.y')),
    ).toBe(false);
    // Placeholders are not Latin words: 与{{name}}的对话 and {{time}}（{{zone}}） stay as VOICE.md spaces them.
    expect(rules.some(([, test]) => test('与{{name}}的对话，地陪{{guide}}正在输入……', 'x.y'))).toBe(false);
    expect(rules.some(([, test]) => test('Tabi 日本地陪、PDF 文件：最大 10MB。', 'x.y'))).toBe(false);
  });

  it('puts a space between a Latin name and Chinese once the values are in (Sato Yuki 需要在…, 地陪 Sato Yuki)', async () => {
    await i18nReady;
    const namespaces = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    await i18next.loadLanguages('zh-CN');
    await i18next.loadNamespaces(namespaces);
    const t = i18next.getFixedT('zh-CN');
    const values = {
      name: 'Sato Yuki',
      guide: 'Sato Yuki',
      traveler: 'Chen Jing',
      title: 'Tea Ceremony',
      city: 'Osaka',
      other: 'Sato Yuki',
      names: 'Sato Yuki',
    };
    const latinHan = rules.find(([name]) => name.startsWith('a Latin word'))![1];
    const offenders = strings
      .filter(([, value]) => /\{\{(?:name|guide|traveler|title|city|other|names)\}\}/.test(value))
      .map(([key]) => {
        const [ns, path] = key.split(':') as [string, string];
        return [key, t(path, { ns, ...values, count: 2, interpolation: { skipOnVariables: true } })] as const;
      })
      .filter(([, out]) => latinHan(out.replace(/\{\{[^}]*\}\}/g, '\u0000'), 'x'))
      .map(([key, out]) => `${key}: ${out}`);
    expect(offenders).toEqual([]);
  });
});

// The Japanese voice (VOICE.md, "One voice in Japanese"), checked on every ja string.
describe('the Japanese voice (VOICE.md)', () => {
  const jaDir = path.join(path.dirname(dir), 'ja');
  const ja = readdirSync(jaDir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) =>
      flat(JSON.parse(readFileSync(path.join(jaDir, f), 'utf8')) as Record<string, unknown>).map(
        ([k, v]) => [`${f.replace(/\.json$/, '')}:${k}`, v] as const,
      ),
    );
  const KANA_HAN = `\\u3040-\\u30ff${HAN}`;
  // Names, codes and the keys a keyboard has: the only Latin words a Japanese string may keep.
  const NAMES_AND_CODES = new Set(
    'PDF Tabi Guides WeChat Alipay Pay JPEG PNG GIF WEBP MB KB ID QR MBTI INFJ MM YY HH Google Apple Amap Enter Shift Ctrl SNS TG CVV Cookie URL https Stripe RED Weibo Instagram CNY JPY Outlook iPhone PIPL ISO en zh ja LINE English JSON SDK Japan Visitor Hotline QQ iCal webcal iCloud ICS iPad Mac API OCTO Trip com Klook Authorization Bearer'.split(
      ' ',
    ),
  );
  const jaRules: [name: string, test: (value: string, key: string) => boolean][] = [
    [
      'half-width , ; : ! ? next to Japanese (use 、；：！？)',
      (v) => new RegExp(`[${KANA_HAN}][,;:!?]|[,;!?]\\s*[${KANA_HAN}]`).test(v),
    ],
    [
      'a space between two Japanese characters',
      (v) => new RegExp(`[${KANA_HAN}${FULL}] +[${KANA_HAN}${FULL}]`).test(v),
    ],
    ['an ASCII ... (use …)', (v) => v.includes('...')],
    ['an ISO date (write 2026年12月6日)', (v) => /\b\d{4}-\d{2}-\d{2}\b/.test(v)],
    ['a bare ¥ (yen is 18,000円, RMB 元)', (v) => v.includes('¥') || v.includes('￥')],
    ['plain form where です・ます is due (だ。/である。)', (v) => /(?:だ|である)。/.test(v)],
    [
      'a keyboard key outside a hintKeyboard string (phones have none)',
      (v, key) => /ctrl|shift|⌘|cmd/i.test(v) && !/hintKeyboard$/.test(key),
    ],
    [
      'an English word left untranslated',
      (v) =>
        (
          v
            .replace(/\{\{[^}]*\}\}|<\/?[0-9a-zA-Z]+>|\$t\([^)]*\)|https?:\/\/\S+|[\w.+-]+@[\w.-]+/g, '')
            .match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []
        ).some((w) => !NAMES_AND_CODES.has(w)),
    ],
  ];

  it('reads as many strings as English has', () => expect(ja.length).toBeGreaterThan(2500));

  // A bank account holder's name in katakana is written with a space between family and given name, as the bank has it.
  const JA_EXCEPTIONS: Record<string, string[]> = {
    'wallet:bank.holderKanaHint': ['a space between two Japanese characters'],
  };

  it.each(jaRules.map(([name, test]) => [name, test] as const))('has no %s', (name, test) => {
    const offenders = ja.filter(
      ([key, value]) => typeof value === 'string' && test(value, key) && !JA_EXCEPTIONS[key]?.includes(name),
    );
    expect(offenders.map(([key, value]) => `${key}: ${String(value)}`)).toEqual([]);
  });

  it('catches what it is meant to', () => {
    const broken = [
      '予約を確認, 次へ',
      'ガイド を探す',
      '読み込み中...',
      '2026-12-06',
      '¥1,000',
      'キャンセルが必要だ。',
      'Ctrl + Enter で送信',
      'Please try again',
    ];
    for (const value of broken)
      expect(
        jaRules.some(([, test]) => test(value, 'x.hint')),
        value,
      ).toBe(true);
    expect(jaRules.some(([, test]) => test('Tabi Guidesで予約し、PDFをダウンロードできます。', 'x.y'))).toBe(false);
  });
});
