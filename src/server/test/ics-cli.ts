import { addDays, todayInZone } from '../../shared/availability';
import { startIcsServer, vcalendar, vevent } from './ics-server';

/**
 * The calendar server of the browser tests (playwright.config.ts starts it beside the app servers,
 * which allow it through CALENDAR_IMPORT_ALLOW_HOSTS): a guide's Google calendar at `ICS_E2E_PATH`,
 * with a dentist appointment at 10:00–11:00 Japan time eight days from today (e2e/other-calendars.spec.ts).
 */
const port = Number(process.env.ICS_TEST_PORT ?? 4091);
const day = addDays(todayInZone('Asia/Tokyo'), 8).replace(/-/g, '');
const ics = await startIcsServer(port);
ics.serve(
  '/calendar/ical/e2e/private-0a1b2c3d/basic.ics',
  vcalendar(
    vevent([
      'UID:dentist@e2e',
      'SUMMARY:Dentist',
      `DTSTART;TZID=Asia/Tokyo:${day}T100000`,
      `DTEND;TZID=Asia/Tokyo:${day}T110000`,
    ]),
  ),
);
process.stdout.write(`local calendars on ${ics.url('/')}\n`);
const stop = () => void ics.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
