import { findContacts, type ContactKind } from '../../shared/messaging/contact-masking';
import type { Locale } from '../../shared/locales';
import { AppError } from './app-error';

/** A text shown to everyone and where it sits in the request body (for the error's fields). */
export interface PublicText {
  path: string;
  text: string | null | undefined;
}

type Words = Record<Locale, string>;

/** A public text's name as its writer knows it from the form, by the last word of its path. */
const FIELDS: Record<string, Words> = {
  bio: { en: 'About me', 'zh-CN': '个人简介', ja: '自己紹介' },
  ethicsDescription: { en: 'How I keep my word', 'zh-CN': '职业操守说明', ja: '倫理観についての説明' },
  boundaryDescription: { en: 'How I keep boundaries', 'zh-CN': '边界感说明', ja: '距離感についての説明' },
  supportiveDescription: { en: 'How I adapt', 'zh-CN': '应变能力说明', ja: '柔軟さについての説明' },
  fullName: { en: 'Name', 'zh-CN': '姓名', ja: '氏名' },
  name: { en: 'Name', 'zh-CN': '名称', ja: '名前' },
  nickname: { en: 'Nickname', 'zh-CN': '昵称', ja: 'ニックネーム' },
  city: { en: 'City', 'zh-CN': '城市', ja: '都市' },
  title: { en: 'Title', 'zh-CN': '标题', ja: 'タイトル' },
  summary: { en: 'Summary', 'zh-CN': '简介', ja: '概要' },
  description: { en: 'Description', 'zh-CN': '说明', ja: '説明' },
  itinerary: { en: 'Itinerary', 'zh-CN': '行程', ja: '旅程' },
  note: { en: 'Message', 'zh-CN': '留言', ja: 'メッセージ' },
  content: { en: 'Review', 'zh-CN': '评价', ja: 'レビュー' },
  text: { en: 'Reply', 'zh-CN': '回复', ja: '返信' },
  groupComposition: { en: 'Group', 'zh-CN': '同行人员', ja: 'グループ構成' },
  meetingAddress: { en: 'Meeting place', 'zh-CN': '集合地点', ja: '集合場所' },
};
/** Where a text sits in a list: a stop of an itinerary, a shop stop, an application's document. */
const PLACES: Record<string, (n: number) => Words> = {
  stops: (n) => ({ en: `Stop ${n}`, 'zh-CN': `第 ${n} 站`, ja: `${n} か所目` }),
  shopStops: (n) => ({ en: `Shop ${n}`, 'zh-CN': `第 ${n} 家店`, ja: `${n} 軒目のお店` }),
  documents: (n) => ({ en: `Document ${n}`, 'zh-CN': `第 ${n} 份材料`, ja: `${n} 件目の書類` }),
};
const KINDS: Record<ContactKind, Words> = {
  phone: { en: 'a phone number', 'zh-CN': '电话号码', ja: '電話番号' },
  email: { en: 'an e-mail address', 'zh-CN': '邮箱地址', ja: 'メールアドレス' },
  wechat: { en: 'a WeChat ID', 'zh-CN': '微信号', ja: 'WeChat ID' },
  line: { en: 'a LINE ID', 'zh-CN': 'LINE 账号', ja: 'LINE ID' },
  qq: { en: 'a QQ number', 'zh-CN': 'QQ 号', ja: 'QQ 番号' },
  messenger: { en: 'a messenger or social ID', 'zh-CN': '社交账号', ja: 'SNS やメッセンジャーの ID' },
  url: { en: 'a link', 'zh-CN': '链接', ja: 'リンク' },
  account: { en: 'an account number', 'zh-CN': '收款账号', ja: '口座番号' },
};
const CLOSING: Words = {
  en: "Contact details can't be shown in public texts: talk and pay through Tabi Guides, so both sides stay protected.",
  'zh-CN': '公开内容中不能出现联系方式：沟通和付款请通过 Tabi Guides 进行，以保障双方权益。',
  ja: '公開される文章に連絡先は書けません。双方を守るため、やり取りとお支払いは Tabi Guides で行います。',
};

/** The field's name in `locale`: "Stop 2 · Description", "第 2 站 · 说明". */
function publicFieldName(path: string, locale: Locale): string {
  const parts = path.split('.');
  const last = parts.at(-1)!;
  const words = [FIELDS[last]?.[locale] ?? last];
  parts.forEach((p, i) => {
    const place = PLACES[p];
    const n = Number(parts[i + 1]);
    if (place && Number.isInteger(n)) words.unshift(place(n + 1)[locale]);
  });
  return words.join(' · ');
}

function fieldSentence(path: string, kinds: ContactKind[], locale: Locale): string {
  const field = publicFieldName(path, locale);
  const what = kinds.map((k) => KINDS[k][locale]);
  if (locale === 'zh-CN') return `“${field}”中含有${what.join('、')}。`;
  if (locale === 'ja') return `「${field}」に${what.join('・')}が含まれています。`;
  const list = what.length > 1 ? `${what.slice(0, -1).join(', ')} and ${what.at(-1)}` : what[0];
  return `“${field}” holds ${list}.`;
}

/**
 * Refuses public texts (a guide's bio and profile texts, itineraries and their stops, reviews and replies,
 * tour requests, offers, a traveler's profile fields) that carry a phone number, an e-mail address, a
 * messenger id, a link or a payment account number, in any disguise the detector folds (decision 205): a
 * public text would otherwise be the way around the chat's masking (decision 181). 400
 * contact_details_not_allowed; the message and one field per text name the text and what it holds in the
 * writer's `locale`. The licences module's public-text check calls it for every public text.
 */
export function refuseContactDetails(texts: readonly PublicText[], locale: Locale): void {
  const found = texts.flatMap((t) => {
    const kinds = typeof t.text === 'string' ? [...new Set(findContacts(t.text).map((s) => s.kind))] : [];
    return kinds.length ? [{ path: t.path, message: fieldSentence(t.path, kinds, locale) }] : [];
  });
  if (found.length === 0) return;
  const message = [...found.map((f) => f.message), CLOSING[locale]].join(locale === 'en' ? ' ' : '');
  throw new AppError('contact_details_not_allowed', message, found);
}

const QR_REFUSED: Words = {
  en: "This picture holds a QR code. Pictures others can see can't carry one (a WeChat or LINE contact, a payment link): talk and pay through Tabi Guides. Please choose another picture.",
  'zh-CN':
    '这张图片中含有二维码。公开展示的图片不能包含二维码（微信、LINE 名片或收款码等），沟通和付款请通过 Tabi Guides 进行。请换一张图片。',
  ja: 'この画像には QR コードが含まれています。他の人に見える画像には QR コード（WeChat・LINE の連絡先や支払いリンクなど）を載せられません。やり取りとお支払いは Tabi Guides で行います。別の画像を選んでください。',
};

/** A public picture holding a QR code (decision 205): 400 qr_code_not_allowed, said in the uploader's `locale`. */
export const qrCodeRefused = (locale: Locale) =>
  new AppError('qr_code_not_allowed', QR_REFUSED[locale], [{ path: 'body.file', message: QR_REFUSED[locale] }]);
