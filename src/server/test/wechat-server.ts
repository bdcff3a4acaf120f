import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeLocal, listenLocal, sendJson } from './local-server';
import sharp from 'sharp';

/** A person with a WeChat account, as the fake server's consent screen would sign them in. */
export interface WeChatPerson {
  /** Names the person in the fake's URLs and ids; their openid and unionid are made from it. */
  key: string;
  nickname: string;
  /** False: the person's profile has no picture (headimgurl is empty, as WeChat answers then). */
  avatar?: boolean;
}

/** One request as the fake WeChat server received it (path and query). */
export interface WeChatRequest {
  path: string;
  query: Record<string, string>;
}

/** An errcode the next token exchange or profile read answers instead of its data, or 'down' (HTTP 503). */
export type WeChatFault = { errcode: number; errmsg: string } | 'down';

export interface TestWeChat {
  /** WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_OPEN_URL and WECHAT_API_URL for an app using this server. */
  env: Record<string, string>;
  url: string;
  received: WeChatRequest[];
  /** Who consents at the next /connect/* visit (default: the first person). */
  person: WeChatPerson;
  /** Answered once by the next /sns/oauth2/access_token, then cleared. */
  exchangeFault: WeChatFault | null;
  /** Answered once by the next /sns/userinfo, then cleared. */
  userinfoFault: WeChatFault | null;
  openidOf(person: WeChatPerson): string;
  unionidOf(person: WeChatPerson): string;
  /** A code for `person` as a consent would give it, without the browser's round trip (API tests). */
  issueCode(person?: WeChatPerson): string;
  close(): Promise<void>;
}

export const WECHAT_TEST_APP = { appId: 'wxtest0123456789ab', appSecret: 'test-wechat-secret-0123456789abcdef' };
export const WECHAT_PEOPLE = {
  mei: { key: 'mei', nickname: '小美旅行中' },
  lei: { key: 'lei', nickname: '雷雷', avatar: false },
} satisfies Record<string, WeChatPerson>;

// The errcodes WeChat answers these calls with (its replies are HTTP 200 either way).
const ERR = {
  invalidAppId: { errcode: 40013, errmsg: 'invalid appid' },
  invalidSecret: { errcode: 40125, errmsg: 'invalid appsecret' },
  invalidCode: { errcode: 40029, errmsg: 'invalid code' },
  codeUsed: { errcode: 40163, errmsg: 'code been used' },
  invalidToken: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' },
  invalidOpenid: { errcode: 40003, errmsg: 'invalid openid' },
  invalidScope: { errcode: 10005, errmsg: 'insufficient scope' },
};

const CODE_TTL_MS = 5 * 60_000;

/**
 * A local server that speaks WeChat's website login (OAuth 2.0), as the product calls it:
 * `/connect/qrconnect` (scope snsapi_login) and `/connect/oauth2/authorize` (scope snsapi_userinfo,
 * WeChat's own browser) stand for the consent screen — they redirect at once to `redirect_uri` with a
 * new `code` and the `state` unchanged, as a person's consent would; `/sns/oauth2/access_token`
 * exchanges a code once (a second time is 40163, an unknown one 40029, a wrong secret 40125) and
 * `/sns/userinfo` answers the profile of the token's person, `headimgurl` pointing back at this
 * server's `/avatar/{key}.png`. Errors are HTTP 200 with `{errcode, errmsg}`, as WeChat answers them.
 */
export async function startTestWeChat(
  opts: { port?: number; app?: { appId: string; appSecret: string } } = {},
): Promise<TestWeChat> {
  const app = opts.app ?? WECHAT_TEST_APP;
  const received: WeChatRequest[] = [];
  const codes = new Map<string, { person: WeChatPerson; at: number; used: boolean }>();
  const tokens = new Map<string, WeChatPerson>();
  const state = {
    person: WECHAT_PEOPLE.mei as WeChatPerson,
    exchangeFault: null as WeChatFault | null,
    userinfoFault: null as WeChatFault | null,
  };
  const avatar = await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 7, g: 193, b: 96 } } })
    .png()
    .toBuffer();
  const openidOf = (p: WeChatPerson) => `o${app.appId.slice(2, 8)}_${p.key}`;
  const unionidOf = (p: WeChatPerson) => `u_${p.key}`;
  const issueCode = (person: WeChatPerson = state.person) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { person, at: Date.now(), used: false });
    return code;
  };
  let base = '';

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://wechat.test');
    const query = Object.fromEntries(url.searchParams);
    received.push({ path: url.pathname, query });
    if (url.pathname === '/connect/qrconnect' || url.pathname === '/connect/oauth2/authorize') {
      const scope = url.pathname === '/connect/qrconnect' ? 'snsapi_login' : 'snsapi_userinfo';
      // WeChat shows its own error page for a wrong app or scope; here a 400 the test can read.
      if (query.appid !== app.appId || query.scope !== scope || query.response_type !== 'code' || !query.redirect_uri) {
        return text(res, 400, `refused: appid=${query.appid} scope=${query.scope}`);
      }
      const back = new URL(query.redirect_uri);
      back.searchParams.set('code', issueCode());
      if (query.state !== undefined) back.searchParams.set('state', query.state);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const fault = state.exchangeFault;
      state.exchangeFault = null;
      if (fault === 'down') return text(res, 503, 'service unavailable');
      if (fault) return json(res, fault);
      if (query.appid !== app.appId) return json(res, ERR.invalidAppId);
      if (query.secret !== app.appSecret) return json(res, ERR.invalidSecret);
      if (query.grant_type !== 'authorization_code') return json(res, ERR.invalidCode);
      const issued = query.code ? codes.get(query.code) : undefined;
      if (!issued || Date.now() - issued.at > CODE_TTL_MS) return json(res, ERR.invalidCode);
      if (issued.used) return json(res, ERR.codeUsed);
      issued.used = true;
      const token = randomBytes(16).toString('hex');
      tokens.set(token, issued.person);
      return json(res, {
        access_token: token,
        expires_in: 7200,
        refresh_token: randomBytes(16).toString('hex'),
        openid: openidOf(issued.person),
        scope: 'snsapi_login',
        unionid: unionidOf(issued.person),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const fault = state.userinfoFault;
      state.userinfoFault = null;
      if (fault === 'down') return text(res, 503, 'service unavailable');
      if (fault) return json(res, fault);
      const person = query.access_token ? tokens.get(query.access_token) : undefined;
      if (!person) return json(res, ERR.invalidToken);
      if (query.openid !== openidOf(person)) return json(res, ERR.invalidOpenid);
      return json(res, {
        openid: openidOf(person),
        nickname: person.nickname,
        sex: 0,
        province: '',
        city: '',
        country: 'CN',
        headimgurl: person.avatar === false ? '' : `${base}/avatar/${person.key}.png`,
        privilege: [],
        unionid: unionidOf(person),
      });
    }
    if (/^\/avatar\/[a-z0-9]+\.png$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(avatar);
      return;
    }
    if (url.pathname.startsWith('/sns/')) return json(res, ERR.invalidScope);
    // The browser tests, which cannot reach this object, choose who consents next (`key`: letters and digits).
    if (url.pathname === '/__test/next-person' && /^[a-z0-9]+$/.test(query.key ?? '') && query.nickname) {
      state.person = { key: query.key!, nickname: query.nickname, avatar: query.avatar !== 'none' };
      return text(res, 200, 'ok');
    }
    // The browser tests' start-up waits for this answer.
    if (url.pathname === '/') return text(res, 200, 'local WeChat');
    text(res, 404, 'not found');
  }

  const server = createServer(handle);
  const port = await listenLocal(server, opts.port);
  base = `http://127.0.0.1:${port}`;
  return {
    env: { WECHAT_APP_ID: app.appId, WECHAT_APP_SECRET: app.appSecret, WECHAT_OPEN_URL: base, WECHAT_API_URL: base },
    url: base,
    received,
    get person() {
      return state.person;
    },
    set person(person: WeChatPerson) {
      state.person = person;
    },
    get exchangeFault() {
      return state.exchangeFault;
    },
    set exchangeFault(fault: WeChatFault | null) {
      state.exchangeFault = fault;
    },
    get userinfoFault() {
      return state.userinfoFault;
    },
    set userinfoFault(fault: WeChatFault | null) {
      state.userinfoFault = fault;
    },
    openidOf,
    unionidOf,
    issueCode,
    close: () => closeLocal(server),
  };
}

function json(res: ServerResponse, body: unknown): void {
  // WeChat answers its errors with HTTP 200 too; only the body tells.
  sendJson(res, 200, body);
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
}
