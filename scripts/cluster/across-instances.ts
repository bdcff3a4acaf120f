/**
 * Steps 1–3 of the cluster test (scripts/cluster-test.ts): both instances answer through the balancer, a
 * file uploaded through it is served by each, a chat message sent to one reaches a socket on the other.
 */
import pg from 'pg';
import sharp from 'sharp';
import { check, cid, json, socket, type ClusterRun } from './harness';

/** The demo guide and the conversation the traveler opened with them, which the later steps chat in. */
export interface Chat {
  guideId: number;
  conversationId: number;
}

export async function bothInstancesAnswer(lb: string) {
  // 1. Both instances answer through the balancer.
  const seen = new Set<string>();
  for (let i = 0; i < 10; i++) seen.add((await json(lb, 'GET', '/api/v2/cities')).instance ?? '?');
  check(
    seen.size === 2 && seen.has('app1') && seen.has('app2'),
    `requests through nginx land on both instances (${[...seen].join(', ')})`,
  );
}

export async function filesOnEveryInstance({ cluster, lb, direct, travelerToken }: ClusterRun) {
  // 2. An avatar uploaded through the balancer, read back from each instance.
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
  const uploaded = await fetch(`${lb}/api/me/avatar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${travelerToken}` },
    body: form,
  });
  const picture = ((await uploaded.json()) as { profilePicture?: string }).profilePicture;
  check(
    uploaded.status === 200 && Boolean(picture),
    `avatar uploaded through the balancer (${uploaded.status}, by ${uploaded.headers.get('x-instance')})`,
  );
  for (const [n, base] of direct.entries()) {
    const res = await fetch(new URL(picture!, base));
    check(
      res.status === 200 && (await res.arrayBuffer()).byteLength > 0,
      `the avatar is served by app${n + 1} (${res.status})`,
    );
  }

  // 2b. The payment proof of the demo tour under way (seeded 'ongoing'), uploaded through the
  // balancer and read back from each instance (the file is in the bucket, not on one instance's disk).
  const seedDb = new pg.Client({ connectionString: cluster.databaseUrl });
  await seedDb.connect();
  const ongoing = (
    await seedDb.query(
      `select b.id from bookings b join users u on u.id = b.traveler_id where u.username = 'traveler' and b.status = 'ongoing' limit 1`,
    )
  ).rows[0]?.id as number | undefined;
  await seedDb.end();
  const proofForm = new FormData();
  proofForm.append('file', new Blob([png], { type: 'image/png' }), 'receipt.png');
  const proof = await fetch(`${lb}/api/v2/bookings/${ongoing}/payment-proof`, {
    method: 'POST',
    headers: { authorization: `Bearer ${travelerToken}` },
    body: proofForm,
  });
  check(
    proof.status === 201,
    `payment proof uploaded through the balancer (booking ${ongoing}: ${proof.status}, by ${proof.headers.get('x-instance')})`,
  );
  for (const [n, base] of direct.entries()) {
    const res = await fetch(`${base}/api/v2/bookings/${ongoing}/payment-proof/file`, {
      headers: { authorization: `Bearer ${travelerToken}` },
    });
    check(
      res.status === 200 && (await res.arrayBuffer()).byteLength > 0,
      `the payment proof is served by app${n + 1} (${res.status})`,
    );
  }
}

export async function chatAcrossInstances({ direct, lb, travelerToken, guideToken }: ClusterRun): Promise<Chat> {
  // 3. A chat message sent through app1 reaches the guide's socket on app2.
  const guideProfile = await json(lb, 'GET', '/api/guides/me', guideToken);
  const opened = await json(direct[0]!, 'POST', '/api/conversations', travelerToken, { guideId: guideProfile.body.id });
  const conversationId = opened.body.data?.conversation?.id as number;
  check(opened.status === 200 || opened.status === 201, `conversation opened (${opened.status})`);
  const guideSocket = socket(`${direct[1]!.replace('http', 'ws')}/ws?token=${guideToken}`);
  await guideSocket.opened;
  const hello = `hello across instances ${cid()}`;
  const sent = await json(direct[0]!, 'POST', `/api/conversations/${conversationId}/messages`, travelerToken, {
    clientMessageId: cid(),
    body: hello,
  });
  check(sent.status === 201 || sent.status === 200, `message sent through app1 (${sent.status})`);
  check(await guideSocket.waitFor(hello), 'the guide’s socket on app2 received it');
  // The guide replies, so the traveler's messages are unlimited from here on (decision 050).
  await json(direct[1]!, 'POST', `/api/conversations/${conversationId}/messages`, guideToken, {
    clientMessageId: cid(),
    body: `reply ${cid()}`,
  });
  guideSocket.ws.close();
  return { guideId: guideProfile.body.id as number, conversationId };
}
