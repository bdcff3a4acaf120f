import { createHash, randomBytes } from 'node:crypto';
import type { Channel, ChannelList, ChannelWithKey, CreateChannelBody } from '../../../shared/schemas/channels';
import { inTransaction, type Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { recordAdminAction } from '../audit/index';
import type { AuthUser } from '../auth/index';
import * as repo from './channels.repository';

/** The stored form of a key (decision 201): SHA-256, hex, as the calendar feed's and support's tokens are kept. */
export const keyHashOf = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** `octo_` and 256 random bits: long enough that a hash without a salt or a slow function keeps it safe. */
function newKey(): { apiKey: string; keyHash: string; keyPrefix: string } {
  const apiKey = `octo_${randomBytes(32).toString('base64url')}`;
  return { apiKey, keyHash: keyHashOf(apiKey), keyPrefix: apiKey.slice(0, 12) };
}

const channelOf = (r: repo.ChannelRow): Channel => ({
  id: r.id,
  name: r.name,
  commissionPercent: r.commissionPercent,
  keyPrefix: r.keyPrefix,
  createdAt: r.createdAt.toISOString(),
  keyRotatedAt: r.keyRotatedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

/** Resellers and their keys, as the admin console manages them (audited) and the OCTO routes check them. */
export class Channels {
  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  async create(admin: AuthUser, body: CreateChannelBody): Promise<ChannelWithKey> {
    const { apiKey, keyHash, keyPrefix } = newKey();
    const row = await inTransaction(this.deps.db, async (db) => {
      const made = await repo.insertChannel(db, {
        name: body.name,
        commissionPercent: body.commissionPercent,
        keyHash,
        keyPrefix,
      });
      await recordAdminAction(db, {
        adminUserId: admin.id,
        action: 'channel.create',
        entityType: 'channel',
        entityId: made.id,
        after: { name: made.name, commissionPercent: made.commissionPercent, keyPrefix },
      });
      return made;
    });
    return { ...channelOf(row), apiKey };
  }

  async list(): Promise<ChannelList> {
    return { channels: (await repo.listChannels(this.deps.db)).map(channelOf) };
  }

  /** The key stops working with this commit: every OCTO request reads the reseller by its key. */
  async revoke(admin: AuthUser, id: number): Promise<Channel> {
    const row = await inTransaction(this.deps.db, async (db) => {
      const revoked = await repo.revokeChannel(db, id, this.deps.now());
      if (revoked)
        await recordAdminAction(db, {
          adminUserId: admin.id,
          action: 'channel.revoke',
          entityType: 'channel',
          entityId: id,
        });
      return revoked;
    });
    if (!row) throw notFound('Reseller');
    return channelOf(row);
  }

  /** A new key for a live reseller; the old one stops working with this commit. */
  async rotate(admin: AuthUser, id: number): Promise<ChannelWithKey> {
    const { apiKey, keyHash, keyPrefix } = newKey();
    const row = await inTransaction(this.deps.db, async (db) => {
      const rotated = await repo.rotateChannelKey(db, id, { keyHash, keyPrefix }, this.deps.now());
      if (rotated)
        await recordAdminAction(db, {
          adminUserId: admin.id,
          action: 'channel.rotate',
          entityType: 'channel',
          entityId: id,
          after: { keyPrefix },
        });
      return rotated;
    });
    if (!row) throw notFound('Reseller');
    return { ...channelOf(row), apiKey };
  }

  /** The live reseller whose key this is, or undefined. */
  async byKey(apiKey: string): Promise<repo.ChannelRow | undefined> {
    return repo.liveChannelByKeyHash(this.deps.db, keyHashOf(apiKey));
  }
}
