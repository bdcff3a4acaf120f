import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * Japanese headings, labels and buttons break between phrases, never inside a word (decision 198):
 * the rules of styles.css that set `word-break` or `text-wrap`, taken out of their layer (jsdom does not
 * read layers), applied to a page in Japanese and one in Chinese.
 */
const css = readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
/** The innermost rules (a selector and its declarations) that set how lines break. */
const breaking = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
  .filter(([, , body]) => /word-break|text-wrap/.test(body!))
  .map(([, selector, body]) => `${selector!.trim()} {${body}}`)
  .join('\n');

const styleOf = (lang: string, html: string, selector: string) => {
  document.head.innerHTML = `<style>${breaking}</style>`;
  document.documentElement.lang = lang;
  document.body.innerHTML = html;
  return getComputedStyle(document.querySelector(selector)!);
};
const PARTS = [
  ['h2', '<h2>すでにガイドとして登録されています</h2>'],
  ['label', '<label>申請済みで、まだ支払われていない出金です<input></label>'],
  ['legend', '<fieldset><legend>開始時間</legend></fieldset>'],
  ['button', '<button>予約する</button>'],
  ['th', '<table><tr><th>キャンセルの時期</th></tr></table>'],
  ['dt', '<dl><dt>お支払い方法と時期</dt><dd>x</dd></dl>'],
] as const;

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.lang = 'en';
});

describe('phrases kept whole', () => {
  it.each(PARTS)('breaks a Japanese %s between phrases', (selector, html) => {
    expect(styleOf('ja', html, selector).wordBreak).toBe('auto-phrase');
  });

  it('leaves Chinese and English to break as before', () => {
    expect(styleOf('zh-CN', PARTS[1][1], 'label').wordBreak).not.toBe('auto-phrase');
    expect(styleOf('en', PARTS[0][1], 'h2').wordBreak).not.toBe('auto-phrase');
  });

  it('keeps a label’s last line from holding a character or two alone', () => {
    expect(styleOf('zh-CN', PARTS[1][1], 'label').getPropertyValue('text-wrap')).toBe('pretty');
  });
});
