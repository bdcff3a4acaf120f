import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A person with an account. `role` is the view they are using now (traveler or guide);
 * `isGuide` says they are an approved guide; `isAdmin` is separate from both (admin roles are not
 * shown in the product). Deleting an account anonymizes the row (deletedAt) so bookings and the
 * ledger keep their counterparty.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    /** Null for an account made by phone (or WeChat) that never gave one (decision 147). */
    email: text('email'),
    /** Null for an account that signs in only by phone (or WeChat) until it sets a password (decision 147). */
    passwordHash: text('password_hash'),
    /**
     * The verified mobile number in E.164 (`+8613800138000`); set only once a code sent to it was entered
     * (decision 147).
     */
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: ['traveler', 'guide'] })
      .notNull()
      .default('traveler'),
    isGuide: boolean('is_guide').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    nickname: text('nickname'),
    profilePicture: text('profile_picture'),
    backgroundImage: text('background_image'),
    bio: text('bio'),
    gender: text('gender', { enum: ['male', 'female', 'other', 'prefer_not_to_say'] }),
    age: smallint('age'),
    city: text('city'),
    mbti: text('mbti'),
    identityVerified: boolean('identity_verified').notNull().default(false),
    readReceiptsEnabled: boolean('read_receipts_enabled').notNull().default(true),
    emailUpdates: boolean('email_updates').notNull().default(false),
    locale: text('locale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set by an admin: the account cannot log in and its sessions have ended. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
  },
  (t) => [
    // Usernames and e-mails are unique case-insensitively.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // A verified number belongs to one account: another account asking for it is a 409 phone_taken (decision 147).
    uniqueIndex('users_phone_key')
      .on(t.phone)
      .where(sql`${t.phone} IS NOT NULL`),
  ],
);

/** A signed-in device. Tokens carry the session id; revoking the row ends the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * When this session last proved its owner (sign-in, password or a code to the phone): a new way in needs it
     * within 10 minutes (decision 183).
     */
    provenAt: timestamp('proven_at', { withTimezone: true }),
    /**
     * When the session was last used, to the nearest few minutes (`touchSession`), for the sessions page
     * (decision 185).
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);
