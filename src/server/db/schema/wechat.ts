import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A WeChat account linked to one of ours (decision 148). A person is found by `unionid` (the same
 * across the operator's WeChat apps) else by `openid` (this app's id for them): each is linked to at
 * most one account, and an account has at most one WeChat.
 */
export const wechatIdentities = pgTable(
  'wechat_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    /** The WeChat nickname when linked, shown in the settings beside "unlink". */
    nickname: text('nickname'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wechat_identities_openid_key').on(t.openid),
    uniqueIndex('wechat_identities_unionid_key')
      .on(t.unionid)
      .where(sql`${t.unionid} IS NOT NULL`),
    uniqueIndex('wechat_identities_user_key').on(t.userId),
  ],
);

/**
 * The short-lived steps of a WeChat login, each stored only as the SHA-256 of its random value and used
 * once (decision 148): `state` — the value sent to WeChat and kept in the browser's cookie, with where
 * to go afterwards and, for a link from the settings, the account; `signup` — a WeChat nobody has
 * linked, waiting for the consents a new account needs (`profile`: the ids, nickname and picture address).
 */
export const wechatSteps = pgTable(
  'wechat_steps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['state', 'signup'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    redirect: text('redirect'),
    linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    profile: jsonb('profile').$type<{ openid: string; unionid: string | null; nickname: string; headimgurl: string }>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wechat_steps_token_key').on(t.tokenHash), index('wechat_steps_expires_idx').on(t.expiresAt)],
);
