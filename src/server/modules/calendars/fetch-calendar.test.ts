import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIcsServer, type TestIcs, vcalendar, vevent } from '../../test/ics-server';
import { publicAddress } from '../../lib/outward';
import { calendarAddress, fetchCalendar } from './fetch-calendar';

/**
 * The outward-only read of a calendar address (decision 200), against the project's local calendar
 * server: conditional reads, every failure kept apart, and no call into a private address — neither
 * typed nor reached through a redirect — unless CALENDAR_IMPORT_ALLOW_HOSTS names it.
 */
let ics: TestIcs;
let other: TestIcs;
const FILE = vcalendar(vevent({ UID: 'a', DTSTART: '20270201T060000Z', DURATION: 'PT1H' }));

beforeAll(async () => {
  ics = await startIcsServer();
  other = await startIcsServer();
  ics.serve('/cal.ics', FILE);
});
afterAll(async () => {
  await ics.close();
  await other.close();
});

const read = (url: string, extra: object = {}) =>
  fetchCalendar(calendarAddress(url)!, { allowHosts: [ics.hostPort, other.hostPort], ...extra });
const seen = (server: TestIcs, path: string) => server.requests.filter((r) => r.path === path).length;

describe('a read', () => {
  it('gives the file and its validators; sent back, an unchanged calendar answers 304', async () => {
    const first = await read(ics.url('/cal.ics'));
    expect(first).toMatchObject({ kind: 'ok', body: FILE });
    if (first.kind !== 'ok') return;
    expect(first.etag).toMatch(/^"/);
    expect(await read(ics.url('/cal.ics'), { etag: first.etag })).toEqual({ kind: 'not_modified' });
    expect(ics.requests.at(-1)).toMatchObject({ ifNoneMatch: first.etag });
    expect(await read(ics.url('/cal.ics'), { lastModified: first.lastModified })).toEqual({ kind: 'not_modified' });
    ics.serve('/cal.ics', vcalendar());
    expect((await read(ics.url('/cal.ics'), { etag: first.etag })).kind).toBe('ok');
  });

  it('keeps every failure apart: an HTTP error, a timeout, a body over 2 MB', async () => {
    ics.mode('/500.ics', 500);
    ics.mode('/hang.ics', 'hang');
    ics.mode('/huge.ics', 'huge');
    expect(await read(ics.url('/500.ics'))).toMatchObject({ kind: 'failed', problem: 'http_error' });
    expect(await read(ics.url('/missing.ics'))).toMatchObject({ kind: 'failed', problem: 'http_error' });
    expect(await read(ics.url('/hang.ics'), { timeoutMs: 300 })).toMatchObject({ kind: 'failed', problem: 'timeout' });
    expect(await read(ics.url('/huge.ics'))).toMatchObject({ kind: 'failed', problem: 'too_large' });
  });

  it('takes webcal:// as https:// and nothing but http(s)', () => {
    expect(calendarAddress('webcal://p01-caldav.icloud.com/published/2/abc')?.href).toBe(
      'https://p01-caldav.icloud.com/published/2/abc',
    );
    expect(calendarAddress(' https://calendar.google.com/calendar/ical/x/private-y/basic.ics ')?.protocol).toBe(
      'https:',
    );
    for (const bad of ['ftp://example.com/a.ics', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url'])
      expect(calendarAddress(bad), bad).toBeNull();
  });
});

describe('only outward', () => {
  it('refuses loopback, private, link-local and metadata addresses, typed or resolved, before any call', async () => {
    const before = ics.requests.length;
    const strict = (url: string) => fetchCalendar(calendarAddress(url)!, { allowHosts: [] });
    expect(await strict(ics.url('/cal.ics'))).toMatchObject({ kind: 'failed', problem: 'address_refused' });
    const port = ics.hostPort.split(':')[1];
    expect(await strict(`http://localhost:${port}/cal.ics`)).toMatchObject({ problem: 'address_refused' });
    expect(await strict('http://169.254.169.254/latest/meta-data/')).toMatchObject({ problem: 'address_refused' });
    expect(await strict('http://[::1]/a.ics')).toMatchObject({ problem: 'address_refused' });
    expect(await strict('http://10.1.2.3/a.ics')).toMatchObject({ problem: 'address_refused' });
    expect(ics.requests.length).toBe(before);
    for (const [address, ok] of [
      ['8.8.8.8', true],
      ['2001:4860:4860::8888', true],
      ['127.0.0.1', false],
      ['192.168.1.1', false],
      ['100.64.0.1', false],
      ['::ffff:10.0.0.1', false],
      ['fd00:ec2::254', false],
      ['0.0.0.0', false],
    ] as const)
      expect(publicAddress(address), address).toBe(ok);
  });

  it('checks every redirect: into a private address is refused; at most 3 are followed', async () => {
    const port = ics.hostPort.split(':')[1];
    ics.mode('/to-metadata.ics', { redirect: 'http://169.254.169.254/latest/meta-data/' });
    ics.mode('/to-localhost.ics', { redirect: `http://localhost:${port}/cal.ics` });
    expect(await read(ics.url('/to-metadata.ics'))).toMatchObject({ problem: 'address_refused' });
    const before = seen(ics, '/cal.ics');
    expect(await read(ics.url('/to-localhost.ics'))).toMatchObject({ problem: 'address_refused' });
    expect(seen(ics, '/cal.ics')).toBe(before);
    ics.mode('/r1', { redirect: '/r2' });
    ics.mode('/r2', { redirect: '/r3' });
    ics.mode('/r3', { redirect: '/cal.ics' });
    ics.mode('/r0', { redirect: '/r1' });
    expect((await read(ics.url('/r1'))).kind).toBe('ok');
    expect(await read(ics.url('/r0'))).toMatchObject({ kind: 'failed', problem: 'http_error' });
  });

  it('sends credentials written in the address to that origin alone', async () => {
    other.serve('/cal.ics', FILE);
    ics.mode('/away.ics', { redirect: other.url('/cal.ics') });
    const withUser = (path: string) => ics.url(path).replace('http://', 'http://guide:s3cret@');
    expect((await read(withUser('/cal.ics'))).kind).toBe('ok');
    expect(ics.requests.at(-1)?.authorization).toBe(`Basic ${Buffer.from('guide:s3cret').toString('base64')}`);
    expect((await read(withUser('/away.ics'))).kind).toBe('ok');
    expect(other.requests.at(-1)?.authorization).toBeUndefined();
  });
});
