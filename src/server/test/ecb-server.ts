import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { HeldAnswers, listenLocal } from './local-server';

/**
 * How the server answers the next requests: the reference rates of `day` (`good`; a late feed is a
 * good one with an old `day`), an answer that is no XML of rates (`broken`), rates without the yuan
 * (`missing`), a 500, or never (`hang`).
 */
export type EcbMode = 'good' | 'broken' | 'missing' | 500 | 'hang';

export interface TestEcb {
  /** FX_PROVIDER=ecb and FX_ECB_URL for an app using this server. */
  env: Record<string, string>;
  url: string;
  mode: EcbMode;
  /** The reference day the feed gives (YYYY-MM-DD). */
  day: string;
  /** Euro reference rates by currency, as the ECB writes them ('169.03', '7.8500'). */
  rates: Record<string, string>;
  /** Requests received (every mode). */
  readonly requests: number;
  close(): Promise<void>;
}

/** The ECB's daily file as it is published: its envelope, single quotes, tabs, one Cube per currency. */
export function ecbXml(day: string, rates: Record<string, string>): string {
  const cubes = Object.entries(rates)
    .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${day}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
}

/** A part of a real day's file (USD, JPY, CNY, GBP and others as the ECB lists them). */
export const ECB_RATES = {
  USD: '1.0866',
  JPY: '169.03',
  BGN: '1.9558',
  CZK: '24.731',
  GBP: '0.85525',
  CNY: '7.8500',
  HKD: '8.4825',
  KRW: '1471.06',
};

/**
 * A local server that speaks the ECB's euro foreign exchange reference rates
 * (`/stats/eurofxref/eurofxref-daily.xml`, `application/xml`), the file FX_ECB_URL names. Any
 * other path is 404, like the ECB's.
 */
export async function startTestEcb(day: string, rates: Record<string, string> = ECB_RATES): Promise<TestEcb> {
  const state = { mode: 'good' as EcbMode, day, rates, requests: 0 };
  const hanging = new HeldAnswers();
  const server = createServer((req, res) => handle(req, res));

  function handle(req: IncomingMessage, res: ServerResponse): void {
    state.requests++;
    if (req.method !== 'GET' || req.url !== '/stats/eurofxref/eurofxref-daily.xml') {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      return;
    }
    if (state.mode === 'hang') return hanging.hold(res);
    if (state.mode === 500) {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
      return;
    }
    const body =
      state.mode === 'broken'
        ? '<html><head><title>Maintenance</title></head><body>The service is under maintenance.</body></html>'
        : ecbXml(
            state.day,
            state.mode === 'missing'
              ? Object.fromEntries(Object.entries(state.rates).filter(([c]) => c !== 'CNY'))
              : state.rates,
          );
    res.writeHead(200, { 'content-type': state.mode === 'broken' ? 'text/html' : 'application/xml' }).end(body);
  }

  const port = await listenLocal(server);
  const url = `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-daily.xml`;
  return {
    env: { FX_PROVIDER: 'ecb', FX_ECB_URL: url },
    url,
    get mode() {
      return state.mode;
    },
    set mode(mode: EcbMode) {
      state.mode = mode;
    },
    get day() {
      return state.day;
    },
    set day(d: string) {
      state.day = d;
    },
    get rates() {
      return state.rates;
    },
    set rates(r: Record<string, string>) {
      state.rates = r;
    },
    get requests() {
      return state.requests;
    },
    async close() {
      await hanging.close(server);
    },
  };
}
