import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn';

/**
 * Form building blocks: every field has a visible label, and its error and hint are tied to the
 * control with aria-describedby (docs/rules/look-and-language.md, Access), the error also with aria-invalid.
 */
export const inputClass =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-400 ' +
  'focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/30 disabled:opacity-60 ' +
  'aria-[invalid=true]:border-danger-600 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 sm:text-sm';

interface FieldShellProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  /** Show the hint below the error (for a hint that answers the error, like a username suggestion). */
  hintAfterError?: boolean;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

export function FieldShell({ label, error, hint, className, hintAfterError, children }: FieldShellProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const hintBlock = hint ? (
    <div id={hintId} className="text-xs text-stone-600 dark:text-stone-400">
      {hint}
    </div>
  ) : null;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {children({ id, describedBy, invalid: !!error })}
      {!hintAfterError && hintBlock}
      {error && (
        <p id={errorId} className="text-sm text-danger-600 dark:text-red-400">
          {error}
        </p>
      )}
      {hintAfterError && hintBlock}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  wrapperClassName?: string;
};

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, wrapperClassName, className, ...rest },
  ref,
) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={wrapperClassName}>
      {({ id, describedBy, invalid }) => (
        <input
          ref={ref}
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={cn(inputClass, className)}
          {...rest}
        />
      )}
    </FieldShell>
  );
});

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  wrapperClassName?: string;
};

export function SelectField({ label, error, hint, wrapperClassName, className, children, ...rest }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={wrapperClassName}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={cn(inputClass, className)}
          {...rest}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  wrapperClassName?: string;
};

export function TextAreaField({ label, error, hint, wrapperClassName, className, ...rest }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={wrapperClassName}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={cn(inputClass, 'min-h-24', className)}
          {...rest}
        />
      )}
    </FieldShell>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  error?: string | null;
};

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, error, className, ...rest },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-stone-300 accent-primary-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-offset-2 aria-[invalid=true]:outline-danger-600"
          {...rest}
        />
        <label htmlFor={id} className="text-sm text-stone-700 dark:text-stone-300">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
});

/** A card-like panel with a heading, for forms and settings sections. */
export function Panel({
  title,
  description,
  children,
  className,
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section
      aria-labelledby={id ? `${id}-title` : undefined}
      id={id}
      className={cn(
        'scroll-mt-20 rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft sm:p-6 dark:border-stone-800 dark:bg-stone-900',
        className,
      )}
    >
      <h2 id={id ? `${id}-title` : undefined} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
