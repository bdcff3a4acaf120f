import { startTestWeChat } from './wechat-server';

/**
 * The local WeChat of the browser tests (playwright.config.ts starts it beside the app servers, which
 * it gives WECHAT_OPEN_URL and WECHAT_API_URL): WeChat's consent redirects and its two API calls,
 * so no browser test reaches the real WeChat (decision 148).
 */
const port = Number(process.env.WECHAT_TEST_PORT ?? 4090);
const { WECHAT_APP_ID: appId, WECHAT_APP_SECRET: appSecret } = process.env;
const wechat = await startTestWeChat({ port, app: appId && appSecret ? { appId, appSecret } : undefined });
process.stdout.write(`local WeChat on ${wechat.url}\n`);
const stop = () => void wechat.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
