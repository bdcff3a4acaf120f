import { AppError } from '../../lib/app-error';
import type { Config } from '../../config';

export type WeChatSettings = NonNullable<Config['wechat']>;

/** The person WeChat signed in, as its profile read answers. */
export interface WeChatProfile {
  openid: string;
  /**
   * The same person across the operator's WeChat apps; absent when the app is not bound to an Open Platform account.
   */
  unionid: string | null;
  nickname: string;
  /** Empty when the person has no picture. */
  headimgurl: string;
}

/** WeChat answers within this, or the login fails with a clear message (the person can try again). */
const WECHAT_TIMEOUT_MS = 5_000;
/** A profile picture larger than this is not fetched (the avatar upload's own limit). */
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The errcodes that mean this login's code cannot be used (unknown, expired, used already, or the
 * token it gave no longer valid): the person starts again. Any other errcode is the app's own
 * problem at WeChat (its id, secret or scope), logged and answered 502 (decision 148).
 */
const CODE_ERRCODES = new Set([40029, 40163, 41008, 42003, 40001, 42001, 40003]);

/**
 * WeChat's website login (OAuth 2.0) as the server calls it (decision 148): where to send the browser,
 * the code's exchange and the profile read. Calls go out with the platform's fetch and a deadline, as
 * the weather provider's do; WeChat's errors (HTTP 200 with `errcode`) become AppErrors, never a 500.
 */
export class WeChatClient {
  constructor(
    private readonly settings: WeChatSettings,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  /** The consent screen's address: the QR code page, or inside WeChat its in-app consent with snsapi_userinfo. */
  authorizeUrl(state: string, redirectUri: string, inWeChat: boolean): string {
    const path = inWeChat ? '/connect/oauth2/authorize' : '/connect/qrconnect';
    const params = new URLSearchParams({
      appid: this.settings.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: inWeChat ? 'snsapi_userinfo' : 'snsapi_login',
      state,
    });
    return `${this.settings.openUrl}${path}?${params.toString()}#wechat_redirect`;
  }

  /** Exchanges a code (valid once, a few minutes) for the token and ids of the person who consented. */
  async exchangeCode(code: string): Promise<{ accessToken: string; openid: string; unionid: string | null }> {
    const body = await this.call('/sns/oauth2/access_token', {
      appid: this.settings.appId,
      secret: this.settings.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const accessToken = stringField(body, 'access_token');
    const openid = stringField(body, 'openid');
    if (!accessToken || !openid) throw unavailable('WeChat answered the code exchange without a token or openid');
    return { accessToken, openid, unionid: stringField(body, 'unionid') || null };
  }

  async userinfo(accessToken: string, openid: string): Promise<WeChatProfile> {
    const body = await this.call('/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' });
    const answered = stringField(body, 'openid');
    if (answered !== openid) throw unavailable('WeChat answered the profile of another openid');
    return {
      openid,
      unionid: stringField(body, 'unionid') || null,
      nickname: stringField(body, 'nickname').trim(),
      headimgurl: stringField(body, 'headimgurl'),
    };
  }

  /**
   * The profile picture's bytes, or null when there is none or it cannot be read: an account is
   * never refused for its picture. Only WeChat's picture hosts (qlogo.cn) or the configured API's own
   * host, over http(s), within the deadline and the size limit: the server fetches no other address.
   */
  async picture(url: string): Promise<Buffer | null> {
    if (!this.isPictureHost(url)) return null;
    try {
      const res = await this.fetchFn(url, { signal: AbortSignal.timeout(WECHAT_TIMEOUT_MS) });
      if (!res.ok) return null;
      const data = Buffer.from(await res.arrayBuffer());
      return data.length > 0 && data.length <= AVATAR_MAX_BYTES ? data : null;
    } catch {
      return null;
    }
  }

  private isPictureHost(url: string): boolean {
    try {
      const { protocol, host, hostname } = new URL(url);
      if (protocol !== 'https:' && protocol !== 'http:') return false;
      return hostname === 'qlogo.cn' || hostname.endsWith('.qlogo.cn') || host === new URL(this.settings.apiUrl).host;
    } catch {
      return false;
    }
  }

  private async call(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await this.fetchFn(`${this.settings.apiUrl}${path}?${new URLSearchParams(query).toString()}`, {
        signal: AbortSignal.timeout(WECHAT_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
    } catch (err) {
      throw unavailable(`WeChat ${path}: ${(err as Error).name}`);
    }
    if (!res.ok) throw unavailable(`WeChat ${path}: HTTP ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw unavailable(`WeChat ${path}: not JSON`);
    }
    if (typeof body !== 'object' || body === null) throw unavailable(`WeChat ${path}: not an object`);
    const record = body as Record<string, unknown>;
    const errcode = typeof record.errcode === 'number' ? record.errcode : 0;
    if (errcode === 0) return record;
    // The message names the errcode for the log; the secret and the code are never in it.
    if (CODE_ERRCODES.has(errcode))
      throw new AppError('wechat_code_invalid', `WeChat refused this sign-in (errcode ${errcode}): please try again`);
    throw unavailable(`WeChat ${path}: errcode ${errcode}`);
  }
}

const unavailable = (message: string) => new AppError('wechat_unavailable', message);

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}
