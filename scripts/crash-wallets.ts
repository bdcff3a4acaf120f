// The crash test's wallet travelers (decision 100): they pay by Alipay or WeChat Pay, press Pay again
// under a new key (and get the same attempt), sometimes switch to the other wallet (the first attempt
// is cancelled, its link no longer charges), and approve the link on the provider's page. After a
// restart, every open wallet attempt is finished by its traveler: a new attempt gets that same
// attempt, approved once. Imported by crash-test.ts only.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';

export interface WalletClient {
  ip: string;
  token: string;
}
export type Call = (
  c: { ip: string; token?: string },
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; json: Record<string, unknown> & { id?: number } }>;

type Wallet = 'alipay' | 'wechat';
type Attempt = { id: number; status: string; method: string; approvalUrl: string | null };

const BODY: Record<Wallet, object> = {
  alipay: { kind: 'deposit', method: 'alipay', alipayAccount: 'crash@example.cn' },
  wechat: { kind: 'deposit', method: 'wechat', wechatId: 'crash_test' },
};
const key = () => randomBytes(8).toString('hex');
const attemptOf = (reply: { json: Record<string, unknown> }) => reply.json.payment as Attempt | undefined;

/** What the wallet travelers saw that breaks the rule (checked with the database after each round). */
export const walletProblems: string[] = [];
/**
 * What they did, for the round's line: approvals accepted, Pay pressed again, wallets switched, attempts finished after
 * a restart.
 */
export const walletStats = { approved: 0, again: 0, switched: 0, finished: 0 };

/** The demo page's approval: the simulated provider's signed event for the link's charge. */
function approve(call: Call, c: { ip: string }, approvalUrl: string) {
  const q = new URLSearchParams(approvalUrl.split('?')[1]);
  return call(
    c,
    'POST',
    '/api/v2/payments/webhooks/simulated',
    { type: 'payment.succeeded', ref: q.get('ref') },
    { 'x-simulated-signature': q.get('signature') ?? '' },
  );
}

/**
 * Pays a booked deposit by wallet as an impatient traveler would; true when an approval was accepted.
 * A lost answer is retried with the same key; a 409 or a cut connection ends the try.
 */
export async function payByWallet(call: Call, c: WalletClient, bookingId: number): Promise<boolean> {
  const url = `/api/v2/bookings/${bookingId}/payments`;
  let method: Wallet = Math.random() < 0.5 ? 'alipay' : 'wechat';
  const first = key();
  let reply = await call(c, 'POST', url, BODY[method], { 'idempotency-key': first });
  for (let i = 0; i < 2 && reply.status === 409; i++)
    reply = await call(c, 'POST', url, BODY[method], { 'idempotency-key': first });
  let open = reply.status === 201 ? attemptOf(reply) : undefined;
  if (!open?.approvalUrl) return false;
  // Pay pressed again under a new key: the same attempt and link, or 409 while it is with the provider.
  const again = await call(c, 'POST', url, BODY[method], { 'idempotency-key': key() });
  const same = attemptOf(again);
  // A 201 whose body never arrived is the crash cutting the answer off, not a second attempt: the
  // database's check after the round (two open attempts of one charge) is what catches a real one.
  if (again.status === 201 && !same) return false;
  if (again.status === 201) walletStats.again++;
  if (again.status === 201 && (same!.id !== open.id || same!.approvalUrl !== open.approvalUrl)) {
    walletProblems.push(
      `booking ${bookingId}: a second ${method} attempt (${same?.id}) beside the open one (${open.id})`,
    );
  }
  if (Math.random() < 0.35) {
    // The other wallet after all: the first attempt is cancelled at the provider before the new one opens.
    method = method === 'alipay' ? 'wechat' : 'alipay';
    const switched = await call(c, 'POST', url, BODY[method], { 'idempotency-key': key() });
    const next = switched.status === 201 ? attemptOf(switched) : undefined;
    if (!next?.approvalUrl) return false;
    const stale = await approve(call, c, open.approvalUrl);
    if (stale.status === 200)
      walletProblems.push(`booking ${bookingId}: the cancelled attempt ${open.id}'s link was approved`);
    walletStats.switched++;
    open = next;
  }
  // Some travelers leave the wallet's page open for later: the crash finds their attempt open.
  if (Math.random() < 0.3) return false;
  const ok = (await approve(call, c, open.approvalUrl!)).status === 200;
  if (ok) walletStats.approved++;
  return ok;
}

/**
 * After the restart and reconciliation: each booking's open wallet attempt is finished by its
 * traveler, who pays again under a new key (from a new address: the restarted server's limits are
 * fresh, and a real traveler may be on another network by then) and approves what it gets. That
 * must be the open attempt itself. Returns the bookings paid this way.
 */
export async function finishOpenWallets(
  call: Call,
  db: pg.Client,
  owners: Map<number, WalletClient>,
): Promise<number[]> {
  const open = (
    await db.query(
      `select id, booking_id, method from payments where kind = 'deposit' and status = 'pending' and method in ('alipay', 'wechat') order by id`,
    )
  ).rows as {
    id: number;
    booking_id: number;
    method: Wallet;
  }[];
  const paid: number[] = [];
  for (const row of open) {
    const owner = owners.get(row.booking_id);
    if (!owner) {
      walletProblems.push(`booking ${row.booking_id}: an open attempt ${row.id} no acknowledged traveler made`);
      continue;
    }
    const c = { ...owner, ip: `10.78.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` };
    const reply = await call(c, 'POST', `/api/v2/bookings/${row.booking_id}/payments`, BODY[row.method], {
      'idempotency-key': key(),
    });
    const attempt = attemptOf(reply);
    // Reconciliation's next sweep may have found it approved meanwhile: paid, once.
    if (reply.status === 409 && reply.json.code === 'already_paid') {
      paid.push(row.booking_id);
      continue;
    }
    if (reply.status !== 201 || attempt?.id !== row.id || !attempt.approvalUrl) {
      walletProblems.push(
        `booking ${row.booking_id}: paying again gave ${reply.status} ${JSON.stringify(reply.json).slice(0, 200)}, not the open attempt ${row.id}`,
      );
      continue;
    }
    const approved = await approve(call, c, attempt.approvalUrl);
    if (approved.status === 200) {
      paid.push(row.booking_id);
      walletStats.finished++;
    } else
      walletProblems.push(`booking ${row.booking_id}: approving the open attempt ${row.id} gave ${approved.status}`);
  }
  return paid;
}

/**
 * The database's side of the rule: never two open or two charged attempts of a deposit, and no charge the provider made
 * that we did not record.
 */
export async function walletChecks(db: pg.Client): Promise<string[]> {
  const problems = walletProblems.splice(0);
  const twoOpen = (
    await db.query(
      `select booking_id from payments where kind = 'deposit' and status in ('processing', 'pending') group by booking_id having count(*) > 1`,
    )
  ).rows;
  if (twoOpen.length) problems.push(`bookings with two open attempts: ${twoOpen.map((r) => r.booking_id).join(', ')}`);
  const twoCharged = (
    await db.query(
      `select booking_id, count(*)::int as n from payments where kind = 'deposit' and status in ('succeeded', 'refunded', 'partially_refunded') group by booking_id having count(*) > 1`,
    )
  ).rows;
  if (twoCharged.length) problems.push(`bookings charged twice: ${JSON.stringify(twoCharged)}`);
  const unrecorded = (
    await db.query(`select s.payment_id from simulated_charges s left join payments p on p.id = s.payment_id
                     where s.status = 'succeeded' and (p.id is null or p.status not in ('succeeded', 'refunded', 'partially_refunded'))`)
  ).rows;
  if (unrecorded.length)
    problems.push(
      `charged by the provider, not recorded as paid: payments ${unrecorded.map((r) => r.payment_id).join(', ')}`,
    );
  const cancelledOpen = (
    await db.query(
      `select p.id from payments p join simulated_charges s on s.payment_id = p.id where p.status in ('processing', 'pending') and s.status = 'failed'`,
    )
  ).rows;
  if (cancelledOpen.length)
    problems.push(`open attempts the provider closed: ${cancelledOpen.map((r) => r.id).join(', ')}`);
  return problems;
}
