import { useQueryClient } from '@tanstack/react-query';
import { Check, Loader2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { currentConsents } from '../../../../shared/legal/documents';
import { normalizeUsernameInput } from '../../../../shared/rules/username';
import { PASSWORD_MIN, USERNAME_CHECK_DEBOUNCE_MS, USERNAME_PATTERN } from '../../../../shared/schemas/auth';
import type { AuthReply } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FieldShell, inputClass, TextField } from '../../../components/ui/form';
import { hasVisibleText } from '../../../../shared/display-text';
import { ApiError } from '../../../lib/api-client';
import { LegalDocLink } from '../../help';
import { protectedTitleText } from '../../licences';
import { currentLocale } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { checkUsernameQuery, useUsernameCheck } from '../api/check-username';
import { useSignup } from '../api/signup';
import { PasswordField } from '../../../components/ui/password-field';
import { StrengthMeter } from '../../../components/ui/strength-meter';
import { withGap } from '../../../lib/cjk-spacing';
import { joinName, nameOrder } from '../../../../shared/person-name';

type Field = 'name' | 'username' | 'email' | 'password' | 'confirmPassword' | 'terms' | 'transfer';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const docLinkClass = 'font-medium text-primary-700 underline dark:text-primary-300';

/** docs/rules/accounts-and-sessions.md Signup, with every message of the spec in both languages. */
export function SignupForm({ onSuccess }: { onSuccess: (reply: AuthReply) => void }) {
  const { t } = useTranslation(['auth', 'licences']);
  const locale = currentLocale();
  // 姓 before 名 in Chinese and Japanese; the first box the name error sends the focus to is the first empty one.
  const order = nameOrder(locale).map((part) => (part === 'given' ? 'first' : 'last'));
  const signup = useSignup();
  const [values, setValues] = useState({
    first: '',
    last: '',
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
    terms: false,
    transfer: false,
    emailUpdates: false,
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [waiting, setWaiting] = useState(false);
  const queryClient = useQueryClient();
  const refs = useRef<Partial<Record<Field | 'first' | 'last', HTMLInputElement | null>>>({});

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field: Field = key === 'first' || key === 'last' ? 'name' : key === 'emailUpdates' ? 'terms' : (key as Field);
    if (serverErrors[field]) setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  const debounced = useDebouncedValue(values.username, USERNAME_CHECK_DEBOUNCE_MS);
  const formatOk = USERNAME_PATTERN.test(values.username);
  const check = useUsernameCheck(debounced);
  const settled = debounced === values.username && formatOk;
  const checking = formatOk && (!settled || check.isFetching);
  const taken = settled && check.data?.available === false;
  const checkFailed = settled && check.isError;
  const available = settled && check.data?.available === true && !serverErrors.username;

  // Inline messages: the username's own rules show while typing; the rest after the first submit.
  const errors: Partial<Record<Field, string>> = {
    name: !hasVisibleText(values.first) || !hasVisibleText(values.last) ? t('signup.nameRequired') : serverErrors.name,
    username: !formatOk
      ? values.username || submitted
        ? t('signup.usernameRules')
        : undefined
      : taken
        ? t('signup.usernameTaken')
        : checkFailed
          ? t('signup.usernameCheckFailed')
          : serverErrors.username,
    email: !EMAIL.test(values.email.trim()) ? t('signup.emailInvalid') : serverErrors.email,
    password: values.password.length < PASSWORD_MIN ? t('signup.passwordMin') : undefined,
    confirmPassword: values.confirmPassword !== values.password ? t('signup.passwordMismatch') : undefined,
    terms: !values.terms ? t('signup.termsRequired') : undefined,
    transfer: !values.transfer ? t('signup.transferRequired') : undefined,
  };
  const shown = (f: Field) =>
    f === 'username' ? errors.username : submitted || serverErrors[f] ? errors[f] : undefined;

  /**
   * The sign-up problems as toasts, in the order the form reads (one at a time, the first first). `confirmed`: the
   * answer of a check the submit itself waited for (the debounced one had not answered yet), which settles `checking`.
   */
  const firstProblem = (confirmed?: boolean): [Field, string] | undefined => {
    if (errors.name) return ['name', t('signup.nameRequired')];
    if (!formatOk) return ['username', t('signup.usernameFormat')];
    const open = checking && confirmed === undefined;
    if (open || confirmed === false || taken || checkFailed || serverErrors.username)
      return ['username', t('signup.usernameUnresolved')];
    if (errors.email) return ['email', errors.email];
    if (errors.password) return ['password', t('signup.passwordMin')];
    if (errors.confirmPassword) return ['confirmPassword', t('signup.passwordMismatch')];
    if (errors.terms) return ['terms', t('signup.termsRequired')];
    if (errors.transfer) return ['transfer', t('signup.transferRequired')];
    return undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    // Submitted before the name's check answered (typed, then Enter at once): wait for the check of
    // exactly this name instead of refusing a name the form is about to call available.
    let confirmed: boolean | undefined;
    if (checking && !taken && !checkFailed && !serverErrors.username) {
      setWaiting(true);
      try {
        confirmed = (await queryClient.fetchQuery(checkUsernameQuery(values.username))).available;
      } catch {
        confirmed = false;
      } finally {
        setWaiting(false);
      }
    }
    const problem = firstProblem(confirmed);
    if (problem) {
      showToast({ title: t('error'), description: problem[1], variant: 'destructive' });
      refs.current[
        problem[0] === 'name' ? (order.find((key) => !values[key].trim()) ?? order[0]!) : problem[0]
      ]?.focus();
      return;
    }
    const fullName = joinName({ given: values.first, family: values.last }, locale);
    signup.mutate(
      {
        username: values.username,
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        fullName,
        emailUpdates: values.emailUpdates,
        locale: currentLocale(),
        // Both boxes are ticked here (firstProblem refuses otherwise): the versions this build shows (decision 124).
        consents: currentConsents(),
      },
      {
        onSuccess: (reply) => {
          showToast({
            title: t('signup.success'),
            description: t('signup.successBody', { name: reply.fullName }),
            variant: 'success',
          });
          if (reply.token) setSession(reply.token, reply.user);
          onSuccess(reply);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'username_taken')
            setServerErrors({ username: t('signup.usernameTaken') });
          if (err instanceof ApiError && err.code === 'email_taken') setServerErrors({ email: t('signup.emailTaken') });
          if (err instanceof ApiError && err.code === 'consent_version_not_current') {
            // A newer release is live: reloading shows its texts and sends its versions.
            showToast({ title: t('signup.failed'), description: t('signup.versionChanged'), variant: 'destructive' });
            return;
          }
          const title = protectedTitleText(t, err);
          if (title) setServerErrors({ name: title });
          showToast({
            title: t('signup.failed'),
            description: title ?? t('signup.failedBody'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const nameError = shown('name');
  const nameInput = (key: 'first' | 'last') => (
    <div key={key} className="space-y-1.5">
      <label htmlFor={`signup-${key}`} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {t(key === 'first' ? 'fields.firstName' : 'fields.lastName')}
      </label>
      <input
        ref={(el) => {
          refs.current[key] = el;
        }}
        id={`signup-${key}`}
        name={key === 'first' ? 'given-name' : 'family-name'}
        autoComplete={key === 'first' ? 'given-name' : 'family-name'}
        className={inputClass}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={nameError && !values[key].trim() ? true : undefined}
        aria-describedby={nameError ? 'signup-name-error' : undefined}
      />
    </div>
  );

  const usernameError = shown('username');
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <div>
        <div className="grid gap-4 sm:grid-cols-2">{order.map((key) => nameInput(key))}</div>
        {nameError && (
          <p id="signup-name-error" className="mt-1.5 text-sm text-danger-600 dark:text-red-400">
            {nameError}
          </p>
        )}
      </div>

      <FieldShell
        label={t('fields.username')}
        error={usernameError}
        hintAfterError
        hint={
          taken && check.data?.suggestion ? (
            <span>
              {withGap(t('signup.usernameSuggestion'))}
              <button
                type="button"
                aria-label={t('signup.useSuggestion', { suggestion: check.data.suggestion })}
                className="min-h-6 rounded font-medium text-primary-700 underline underline-offset-2 dark:text-primary-300"
                onClick={() => set('username', check.data!.suggestion!)}
              >
                {check.data.suggestion}
              </button>
            </span>
          ) : checking ? (
            <span className="inline-flex items-center gap-1.5">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />
              {t('signup.usernameChecking')}
            </span>
          ) : available ? (
            <span className="inline-flex items-center gap-1.5 text-success-600">
              <Check className="h-3.5 w-3.5" aria-hidden />
              {t('signup.usernameAvailable')}
            </span>
          ) : null
        }
      >
        {({ id, describedBy, invalid }) => (
          <input
            ref={(el) => {
              refs.current.username = el;
            }}
            id={id}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={30}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={inputClass}
            value={values.username}
            onChange={(e) => set('username', normalizeUsernameInput(e.target.value))}
          />
        )}
      </FieldShell>

      <TextField
        ref={(el) => {
          refs.current.email = el;
        }}
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => set('email', e.target.value)}
        error={shown('email')}
      />
      <PasswordField
        ref={(el) => {
          refs.current.password = el;
        }}
        label={t('fields.password')}
        name="new-password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => set('password', e.target.value)}
        error={shown('password')}
        hint={<StrengthMeter password={values.password} />}
      />
      <PasswordField
        ref={(el) => {
          refs.current.confirmPassword = el;
        }}
        label={t('fields.confirmPassword')}
        name="confirm-password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(e) => set('confirmPassword', e.target.value)}
        error={shown('confirmPassword')}
      />
      <CheckboxField
        ref={(el) => {
          refs.current.terms = el;
        }}
        checked={values.terms}
        onChange={(e) => set('terms', e.target.checked)}
        error={shown('terms')}
        label={
          <Trans
            t={t}
            i18nKey="signup.termsLabel"
            components={{
              terms: <LegalDocLink kind="terms" className={docLinkClass} />,
              privacy: <LegalDocLink kind="privacy" className={docLinkClass} />,
            }}
          />
        }
      />
      {/* A box of its own: the transfer abroad is a separate consent (decision 124). */}
      <CheckboxField
        ref={(el) => {
          refs.current.transfer = el;
        }}
        checked={values.transfer}
        onChange={(e) => set('transfer', e.target.checked)}
        error={shown('transfer')}
        label={
          <Trans
            t={t}
            i18nKey="signup.transferLabel"
            components={{ notice: <LegalDocLink kind="cross_border" className={docLinkClass} /> }}
          />
        }
      />
      <CheckboxField
        checked={values.emailUpdates}
        onChange={(e) => set('emailUpdates', e.target.checked)}
        label={t('signup.emailUpdates')}
      />
      <Button type="submit" size="lg" className="w-full" busy={signup.isPending || waiting}>
        {t('signup.submit')}
      </Button>
    </form>
  );
}
