import { cn } from '../../../lib/cn';

/** A guide's photo with fixed dimensions (no layout shift), lazy below the fold, and alt text. */
export function GuidePhoto({
  src,
  alt,
  className,
  eager,
  size = 400,
}: {
  src: string | null;
  alt: string;
  className?: string;
  eager?: boolean;
  size?: number;
}) {
  const initials = alt
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2);
  if (!src) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-primary-100 to-accent-100 text-3xl font-semibold text-primary-700',
          className,
        )}
      >
        {initials}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('object-cover', className)}
    />
  );
}
