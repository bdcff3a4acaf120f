import type { User } from '../../../shared/schemas/user';
import { cn } from '../../lib/cn';

const COLORS = ['bg-primary-600', 'bg-accent-500', 'bg-success-600', 'bg-amber-600', 'bg-stone-600', 'bg-sky-700'];

/** The user's photo, or their initial on a colour picked from their id (never a grey box). */
export function UserAvatar({
  user,
  size = 32,
  className,
  alt = '',
}: {
  user: Pick<User, 'id' | 'fullName' | 'nickname' | 'profilePicture'>;
  size?: number;
  className?: string;
  /** Empty (decorative) unless the picture is the point, as on the profile page. */
  alt?: string;
}) {
  const name = user.nickname || user.fullName;
  if (user.profilePicture) {
    return (
      <img
        src={user.profilePicture}
        alt={alt}
        width={size}
        height={size}
        className={cn('shrink-0 rounded-full object-cover', className)}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white',
        COLORS[user.id % COLORS.length],
        className,
      )}
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
