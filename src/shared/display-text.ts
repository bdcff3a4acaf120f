import { z } from 'zod';

/**
 * Texts people see about a person or their services (names, nicknames, bios, titles, descriptions;
 * decision 099): stored in NFC without the code points that hide or reorder text. Every schema that
 * takes such a text builds it with `displayText` or `displayName`, so there is one rule.
 */

/** Bidi controls (embeddings, overrides, isolates, marks) and tag characters: always removed. */
const BIDI_AND_TAGS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u{e0000}-\u{e007f}]/gu;
/**
 * Joiners and variation selectors have a use after a visible character (emoji sequences, ZWNJ in
 * Persian, ideographic variation sequences in Japanese names); every other default-ignorable code
 * point (zero-width space, soft hyphen, word joiner, BOM, Hangul fillers, …) is removed.
 */
const KEPT_JOINERS = '\\u200c\\u200d\\ufe00-\\ufe0f\\u{e0100}-\\u{e01ef}';
// The class lists the joiners one by one on purpose (they are what it looks for, not part of a sequence).
// eslint-disable-next-line no-misleading-character-class
const OTHER_IGNORABLES = new RegExp(`(?![${KEPT_JOINERS}])\\p{Default_Ignorable_Code_Point}`, 'gu');
/** A run of joiners/selectors at the start or after a space joins nothing. */
// eslint-disable-next-line no-misleading-character-class
const LOOSE_JOINERS = new RegExp(`(^|\\s)[${KEPT_JOINERS}]+`, 'gu');
/** A joiner before a space or the end joins nothing either. */
const TRAILING_JOINERS = /[\u200c\u200d]+(?=\s|$)/gu;
/** Control characters but tab and line breaks (which only multi-line texts keep). */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const LINE_BREAKS = /[\t\n\r\u000b\u000c\u2028\u2029]+/g;

/**
 * Something a reader sees: not a space, control, format or other invisible code point, nor a mark alone or the blank
 * Braille pattern.
 */
const VISIBLE = /[^\s\p{Z}\p{C}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

export interface DisplayTextOptions {
  /** Bios and descriptions keep line breaks and tabs; one-line texts turn them into spaces. */
  multiline?: boolean;
}

/** NFC, bidi controls, tag characters, loose joiners and other invisible code points removed, trimmed. */
export function cleanDisplayText(text: string, { multiline = false }: DisplayTextOptions = {}): string {
  let s = text.normalize('NFC').replace(BIDI_AND_TAGS, '').replace(OTHER_IGNORABLES, '').replace(CONTROLS, '');
  if (!multiline) s = s.replace(LINE_BREAKS, ' ');
  return s.replace(LOOSE_JOINERS, '$1').replace(TRAILING_JOINERS, '').trim();
}

/** Whether a text has at least one character a reader can see. */
export const hasVisibleText = (text: string): boolean => VISIBLE.test(text);

export const VISIBLE_NAME_MESSAGE = 'Must contain a visible character';

/** A display text of at most `max` characters after cleaning (may be empty). */
export const displayText = (max: number, options: DisplayTextOptions = {}) =>
  z
    .string()
    .transform((s) => cleanDisplayText(s, options))
    .pipe(z.string().max(max));

/** A name: a one-line display text with at least one visible character (400 validation_failed otherwise). */
export const displayName = (max: number) =>
  displayText(max).pipe(z.string().refine(hasVisibleText, VISIBLE_NAME_MESSAGE));
