import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { cleanDisplayText, hasVisibleText } from '../../../shared/display-text';
import type { WeChatCallbackReply, WeChatLink, wechatSignupBodySchema } from '../../../shared/schemas/wechat';
import type { AuthReply } from '../../../shared/schemas/user';
import { inTransaction, pgErrorCode, type Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import type { FileStorage } from '../../storage/index';
import { refuseProtectedTitles } from '../licences/index';
import { findUserById, freeUsername, insertUser, setImage, type UserRow } from '../users/index';
import { markSessionProven, PROOF_WINDOW_MS, type ClientInfo } from '../auth/index';
import { issueSession, sha256, type SignupConsents } from './auth.service';
// In WeChat's own browser the website login (a QR code to scan) cannot work: its official-account login is used there.
import { isWeChatBrowser } from '../../../shared/user-agent';
import { WeChatClient } from './wechat-client';
import {
  consumeStep,
  deleteIdentityOfUser,
  findIdentity,
  identityOfUser,
  insertIdentity,
  insertStep,
} from './wechat.repository';

/** The consent screen, the scan and the way back take a few minutes; a state older than this is refused. */
export const WECHAT_STATE_TTL_MS = 10 * 60_000;
/** How long a new WeChat account waits for its consents before the person must start again. */
export const WECHAT_SIGNUP_TTL_MS = 30 * 60_000;
/** The web page WeChat sends the browser back to; it asks the callback endpoint with WeChat's code and state. */
export const WECHAT_RETURN_PATH = '/auth/wechat';

/** What the WeChat flows are built from (compose.ts): the consent book and the file store for the picture. */
export interface WeChatNeeds {
  consents: SignupConsents;
  storage: FileStorage;
}

/** The WeChat login of this app, or 404 wechat_disabled when no app id is set (decision 148). */
export function wechatOf(app: AppInstance): WeChatClient {
  const settings = app.ctx.config.wechat;
  if (!settings) throw new AppError('wechat_disabled', 'WeChat login is not offered here');
  return new WeChatClient(settings);
}

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Starts a login (or, with `linkUserId`, a link from the settings): a new single-use state, stored
 * hashed with where to go afterwards, and the consent screen's address. The caller puts the state in
 * the browser's cookie: the callback accepts it only from the browser that started (decision 148).
 */
export async function startWeChat(
  app: AppInstance,
  input: { redirect?: string; userAgent?: string; linkUserId?: number },
): Promise<{ url: string; state: string }> {
  const client = wechatOf(app);
  const state = newSecret();
  await insertStep(app.ctx.database.db, {
    kind: 'state',
    tokenHash: sha256(state),
    redirect: input.redirect ?? null,
    linkUserId: input.linkUserId ?? null,
    expiresAt: new Date(Date.now() + WECHAT_STATE_TTL_MS),
  });
  return {
    url: client.authorizeUrl(state, `${app.ctx.config.appUrl}${WECHAT_RETURN_PATH}`, isWeChatBrowser(input.userAgent)),
    state,
  };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * WeChat's way back: the state must be the one this browser's cookie holds and unused (else 400
 * invalid_state, before WeChat is asked anything); the code is exchanged once (WeChat refuses it a
 * second time: 400 wechat_code_invalid); then the linked account is signed in, or a new one waits
 * for its consents, or a link from the settings is made.
 */
export async function wechatCallback(
  app: AppInstance,
  input: {
    code: string;
    state: string;
    cookieState: string | undefined;
    caller: { id: number; sessionId: string } | null;
  },
  client: ClientInfo,
): Promise<WeChatCallbackReply> {
  const callerId = input.caller?.id ?? null;
  const wechat = wechatOf(app);
  const db = app.ctx.database.db;
  if (!input.cookieState || !sameSecret(input.cookieState, input.state)) throw invalidState();
  const step = await consumeStep(db, 'state', sha256(input.state));
  if (!step) throw invalidState();
  // A link belongs to the account that started it, still signed in on this browser.
  if (step.linkUserId !== null && step.linkUserId !== callerId) throw invalidState();
  const token = await wechat.exchangeCode(input.code);
  const profile = await wechat.userinfo(token.accessToken, token.openid);
  const ids = { openid: profile.openid, unionid: profile.unionid ?? token.unionid };
  const nickname = cleanDisplayText(profile.nickname).slice(0, 100);

  if (step.linkUserId !== null) return { status: 'linked', wechat: await link(db, step.linkUserId, ids, nickname) };

  const identity = await findIdentity(db, ids);
  const user = identity && (await findUserById(db, identity.userId));
  if (user) {
    if (user.suspendedAt) throw new AppError('account_suspended', 'This account is suspended. Please contact support.');
    // The same account, signed in here, confirmed with WeChat again: its session is proven (decision 185),
    // and no second session is opened beside it.
    if (input.caller && input.caller.id === user.id) {
      await markSessionProven(db, input.caller.sessionId);
      return {
        status: 'proven',
        provenUntil: new Date(Date.now() + PROOF_WINDOW_MS).toISOString(),
        redirect: step.redirect,
      };
    }
    return { status: 'signed_in', ...(await issueSession(app, db, user, client)), redirect: step.redirect };
  }
  const signupToken = newSecret();
  await insertStep(db, {
    kind: 'signup',
    tokenHash: sha256(signupToken),
    redirect: step.redirect,
    profile: { ...ids, nickname, headimgurl: profile.headimgurl },
    expiresAt: new Date(Date.now() + WECHAT_SIGNUP_TTL_MS),
  });
  return {
    status: 'consents_needed',
    signupToken,
    nickname,
    avatar: profile.headimgurl !== '',
    redirect: step.redirect,
  };
}

const invalidState = () =>
  new AppError(
    'invalid_state',
    'This WeChat sign-in was not started here, was used already or took too long: please start again',
  );

async function link(
  db: Database,
  userId: number,
  ids: { openid: string; unionid: string | null },
  nickname: string,
): Promise<WeChatLink> {
  const user = await findUserById(db, userId);
  if (!user) throw invalidState();
  const existing = await findIdentity(db, ids);
  if (existing && existing.userId !== userId)
    throw new AppError('wechat_taken', 'This WeChat is already linked to another account');
  if (!existing) {
    if (await identityOfUser(db, userId))
      throw new AppError('wechat_already_linked', 'This account has another WeChat linked: unlink it first');
    await insertIdentity(db, { userId, ...ids, nickname: nickname || null }).catch(takenOnRace);
  }
  return linkStatus(db, user);
}

function takenOnRace(err: unknown): never {
  // Two links of the same WeChat at once: the unique indexes let one through.
  if (pgErrorCode(err) === '23505')
    throw new AppError('wechat_taken', 'This WeChat is already linked to another account');
  throw err;
}

/**
 * Whether the account keeps a way in without WeChat: a password (with its username or e-mail), or a verified phone
 * (decision 147).
 */
const hasOtherWayIn = (user: UserRow) => Boolean(user.passwordHash) || Boolean(user.phone && user.phoneVerifiedAt);

async function linkStatus(db: Database, user: UserRow): Promise<WeChatLink> {
  const identity = await identityOfUser(db, user.id);
  return {
    linked: Boolean(identity),
    nickname: identity?.nickname ?? null,
    canUnlink: Boolean(identity) && hasOtherWayIn(user),
  };
}

export async function getWeChatLink(app: AppInstance, userId: number): Promise<WeChatLink> {
  const db = app.ctx.database.db;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', 'Authentication required');
  return linkStatus(db, user);
}

/** Unlinks WeChat, only while the account keeps another way in (409 last_sign_in_method otherwise). */
export async function unlinkWeChat(app: AppInstance, userId: number): Promise<void> {
  const db = app.ctx.database.db;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', 'Authentication required');
  if (!(await identityOfUser(db, userId))) throw new AppError('not_found', 'No WeChat is linked to this account');
  if (!hasOtherWayIn(user))
    throw new AppError(
      'last_sign_in_method',
      'WeChat is the only way into this account: set a password or verify a phone first',
    );
  await deleteIdentityOfUser(db, userId);
}

/**
 * The pending sign-up's second half: the consents given on the web app's screen, the traveler account
 * created with the WeChat linked and the consents recorded in one transaction, then the picture
 * re-encoded as every avatar is (a picture that cannot be read leaves the account without one).
 */
export async function completeWeChatSignup(
  app: AppInstance,
  needs: WeChatNeeds,
  body: z.output<typeof wechatSignupBodySchema>,
  client: ClientInfo,
): Promise<AuthReply> {
  const wechat = wechatOf(app);
  const db = app.ctx.database.db;
  // Before the step is used: a stale version or a refused name costs the person no WeChat round trip.
  needs.consents.assertCurrent(body.consents);
  if (body.fullName) refuseProtectedTitles([{ path: 'fullName', text: body.fullName }], null, body.locale ?? 'en');
  // The step is used in the transaction that opens the account: a refusal below (no name that can be
  // shown) rolls it back, so the person answers on the same screen with the same step.
  const { user, profile } = await inTransaction(db, async (t) => {
    const step = await consumeStep(t, 'signup', sha256(body.signupToken));
    if (!step?.profile)
      throw new AppError(
        'wechat_signup_expired',
        'This WeChat sign-up took too long or was finished already: please start again',
      );
    const profile = step.profile;
    if (await findIdentity(t, profile))
      throw new AppError('wechat_taken', 'This WeChat is already linked to another account');
    const fullName = body.fullName ?? usableNickname(profile.nickname, body.locale);
    if (!fullName)
      throw new AppError(
        'validation_failed',
        'WeChat gave no name that can be shown: the name other people see is needed',
        [{ path: 'body.fullName', message: 'Required' }],
      );
    const row = await insertUser(t, {
      username: await freeUsername(t, 'wx'),
      email: null,
      passwordHash: null,
      fullName,
      nickname: profile.nickname || null,
      emailUpdates: body.emailUpdates,
      locale: body.locale ?? null,
    });
    await insertIdentity(t, {
      userId: row.id,
      openid: profile.openid,
      unionid: profile.unionid,
      nickname: profile.nickname || null,
    });
    await needs.consents.record(t, row.id, body.consents, { locale: body.locale ?? null, ip: client.ip });
    return { user: row, profile };
  }).catch(takenOnRace);
  const withPicture = await pictureFor(app, needs, wechat, user, profile.headimgurl);
  return issueSession(app, db, withPicture, client);
}

/** The nickname as the account's name, unless it is blank or carries a protected title (decision 099): then none. */
function usableNickname(nickname: string, locale: 'en' | 'zh-CN' | 'ja' | undefined): string | null {
  if (!hasVisibleText(nickname)) return null;
  try {
    refuseProtectedTitles([{ path: 'fullName', text: nickname }], null, locale ?? 'en');
    return nickname;
  } catch {
    return null;
  }
}

async function pictureFor(
  app: AppInstance,
  needs: WeChatNeeds,
  wechat: WeChatClient,
  user: UserRow,
  url: string,
): Promise<UserRow> {
  const data = url ? await wechat.picture(url) : null;
  if (!data) return user;
  try {
    await setImage(app, needs, user.id, 'avatar', data);
    return (await findUserById(app.ctx.database.db, user.id)) ?? user;
  } catch (err) {
    app.log.warn({ err, userId: user.id }, 'WeChat profile picture not stored');
    return user;
  }
}
