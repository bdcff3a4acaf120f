import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRenderer } from '../../plugins/web-app';
import { createTestApp, type TestApp } from '../../test/test-app';

// GET /api/legal/commerce and the page /legal/commerce built from it (decision 121): the operator's
// particulars as configured, the fictitious ones said to be so, and the tiers as the rates the
// server cancels with make them.
const webRoot = mkdtempSync(path.join(tmpdir(), 'tabi-legal-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Tabi Guides</title></head><body><div id="root"></div></body></html>',
);

const REAL = {
  OPERATOR_NAME: '株式会社たび案内',
  OPERATOR_REPRESENTATIVE: '山田 花子',
  OPERATOR_ADDRESS: '〒150-0043 東京都渋谷区道玄坂1-2-3',
  OPERATOR_PHONE: '03-1234-5678',
  OPERATOR_EMAIL: 'legal@tabi.example',
  OPERATOR_INVOICE_NUMBER: 'T7000012050002',
};

let dev: TestApp;
let real: TestApp;
beforeAll(async () => {
  // The web code is compiled by Vitest (JSX, import.meta.glob), as in plugins/server-rendering.test.ts.
  const renderer = (await import(
    /* @vite-ignore */ path.resolve(import.meta.dirname, '../../../web/entry-server.tsx')
  )) as PageRenderer;
  dev = await createTestApp({ build: { webRoot, renderer } });
  real = await createTestApp({ env: { ...REAL, DEPOSIT_RATE: '0.3', COMMISSION_RATE: '0.12' } });
});
afterAll(async () => {
  await dev?.close();
  await real?.close();
});

describe('GET /api/legal/commerce', () => {
  it('answers the development stand-ins as fictitious, and the tiers from the default rates', async () => {
    const res = await dev.app.inject({ method: 'GET', url: '/api/legal/commerce' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.operator.fake).toBe(true);
    expect(body.operator.name).toContain('架空');
    expect(body).toMatchObject({
      currency: 'CNY',
      depositRate: 0.2,
      commissionRate: 0.1,
      paymentWindowMinutes: 30,
      requestAnswerHours: 48,
    });
    expect(
      body.cancellation.map((c: { case: string; refundPercent: number; feePercentOfTotal: number }) => [
        c.case,
        c.refundPercent,
        c.feePercentOfTotal,
      ]),
    ).toEqual([
      ['more_than_7_days', 100, 0],
      ['days_3_to_7', 50, 10],
      ['days_1_to_3', 25, 15],
      ['under_24_hours', 0, 20],
      ['no_show', 0, 20],
      ['emergency', 85, 3],
      ['guide', 100, 0],
    ]);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it("answers a real operator's particulars as configured, and fees by this deployment's deposit rate", async () => {
    const body = (await real.app.inject({ method: 'GET', url: '/api/legal/commerce' })).json();
    expect(body.operator).toEqual({
      name: REAL.OPERATOR_NAME,
      representative: REAL.OPERATOR_REPRESENTATIVE,
      address: REAL.OPERATOR_ADDRESS,
      phone: REAL.OPERATOR_PHONE,
      email: REAL.OPERATOR_EMAIL,
      invoiceNumber: REAL.OPERATOR_INVOICE_NUMBER,
      fake: false,
    });
    expect(body).toMatchObject({ depositRate: 0.3, commissionRate: 0.12 });
    // Half of a 30 % deposit kept is 15 % of the total; an emergency keeps 15 % of it, 4.5 %.
    expect(body.cancellation.find((c: { case: string }) => c.case === 'days_3_to_7').feePercentOfTotal).toBe(15);
    expect(body.cancellation.find((c: { case: string }) => c.case === 'emergency').feePercentOfTotal).toBe(4.5);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await dev.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/legal/commerce'].get.responses['200']).toBeDefined();
  });
});

describe('/legal/commerce', () => {
  it('is rendered on the server in the reader’s language, with the Japanese text and the fictitious operator said to be so', async () => {
    const en = await dev.app.inject({ method: 'GET', url: '/legal/commerce?lang=en' });
    expect(en.statusCode).toBe(200);
    expect(en.body).toMatch(/<h1[^>]*>特定商取引法に基づく表記<\/h1>/);
    expect(en.body).toContain('Disclosure under the Act on Specified Commercial Transactions');
    expect(en.body).toContain('開発 太郎（架空 / fictitious）');
    expect(en.body).toContain('These particulars are fictitious');
    expect(en.body).toContain('運営統括責任者');
    // The tier table, from the rates: 3–7 days before, half the deposit back, 10 % of the total kept.
    expect(en.body).toMatch(/7日前から3日前まで[\s\S]*?50%[\s\S]*?10%/);
    const zh = await dev.app.inject({ method: 'GET', url: '/legal/commerce?lang=zh-CN' });
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('依据日本《特定商业交易法》的标示');
    expect(zh.body).toContain('以下经营者信息为虚构');
  });
});
