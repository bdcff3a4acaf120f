import { computeGuideStatus } from '../../../shared/rules/guide-status';
import type { User } from '../../../shared/schemas/user';
import type { UserRow } from './users.repository';

/** An invalid joined date is replaced by now. */
function isoDate(d: Date | null | undefined): string {
  return d instanceof Date && !Number.isNaN(d.getTime()) ? d.toISOString() : new Date().toISOString();
}

/** The signed-in user's own record as the API returns it: never the password hash or other internals. */
/** `application`: the user's guide application, when the caller looked it up (drives 'View Application Status'). */
export function toUserDto(row: UserRow, application?: { status: string } | null): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    hasPassword: row.passwordHash !== null,
    role: row.role,
    joinedDate: isoDate(row.createdAt),
    readReceiptsEnabled: row.readReceiptsEnabled,
    profilePicture: row.profilePicture,
    backgroundImage: row.backgroundImage,
    isGuide: row.isGuide,
    isAdmin: row.isAdmin,
    nickname: row.nickname,
    bio: row.bio,
    gender: row.gender,
    age: row.age,
    city: row.city,
    mbti: row.mbti,
    identityVerified: row.identityVerified,
    emailUpdates: row.emailUpdates,
    locale: row.locale,
    guideStatus: computeGuideStatus({ isGuide: row.isGuide, application }),
  };
}
